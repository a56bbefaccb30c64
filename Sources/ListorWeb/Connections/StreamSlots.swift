import CoreMetrics
import Synchronization

/// Event streams open per client address, so that one client cannot hold every stream the
/// device's monitor allows and leave other viewers without updates.
final class StreamSlots: Sendable {
    private let open = Mutex<[String: Int]>([:])
    let maximumPerClient: Int
    /// The streams open from every client, for the metrics.
    private let meter: Meter?

    init(maximumPerClient: Int, meter: Meter? = nil) {
        self.maximumPerClient = maximumPerClient
        self.meter = meter
    }

    /// Takes a slot for `client`; false when it already has its share.
    func take(for client: String) -> Bool {
        open.withLock { counts in
            let count = counts[client, default: 0]
            guard count < maximumPerClient else { return false }
            counts[client] = count + 1
            meter?.increment()
            return true
        }
    }

    func release(for client: String) {
        open.withLock { counts in
            guard let held = counts[client] else { return }
            counts[client] = held > 1 ? held - 1 : nil
            meter?.decrement()
        }
    }
}
