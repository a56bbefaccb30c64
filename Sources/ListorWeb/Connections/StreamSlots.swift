import Synchronization

/// Event streams open per client address, so that one client cannot hold every stream the
/// device's monitor allows and leave other viewers without updates.
final class StreamSlots: Sendable {
    private let open = Mutex<[String: Int]>([:])
    let maximumPerClient: Int

    init(maximumPerClient: Int) {
        self.maximumPerClient = maximumPerClient
    }

    /// Takes a slot for `client`; false when it already has its share.
    func take(for client: String) -> Bool {
        open.withLock { counts in
            let count = counts[client, default: 0]
            guard count < maximumPerClient else { return false }
            counts[client] = count + 1
            return true
        }
    }

    func release(for client: String) {
        open.withLock { counts in
            let count = counts[client, default: 0] - 1
            counts[client] = count > 0 ? count : nil
        }
    }
}
