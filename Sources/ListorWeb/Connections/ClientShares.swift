import CoreMetrics
import Synchronization

/// What clients hold at once (connections, event streams, pages being read), counted by client
/// address: each client up to its `share`, all of them together up to `limit`, and the total
/// on `meter`. One client that holds many (a page that drips its body, a tab opened a hundred
/// times) is refused past its share and leaves the rest to everyone else.
final class ClientShares: Sendable {
    /// Why a client cannot take one more.
    enum Refusal: Error {
        case full
        case clientsShare
    }

    private let counts = Mutex((total: 0, byClient: [String: Int]()))
    let share: Int
    let limit: Int
    private let meter: Meter?

    init(share: Int, limit: Int = .max, meter: Meter? = nil) {
        self.share = share
        self.limit = limit
        self.meter = meter
    }

    /// Takes one for `client`: how many all clients hold after, or why it cannot.
    func take(for client: String) -> Result<Int, Refusal> {
        let taken: Result<Int, Refusal> = counts.withLock { counts in
            guard counts.total < limit else { return .failure(.full) }
            let held = counts.byClient[client, default: 0]
            guard held < share else { return .failure(.clientsShare) }
            counts.byClient[client] = held + 1
            counts.total += 1
            return .success(counts.total)
        }
        if case .success = taken { meter?.increment() }
        return taken
    }

    func release(for client: String) {
        let released = counts.withLock { counts in
            guard let held = counts.byClient[client] else { return false }
            counts.byClient[client] = held > 1 ? held - 1 : nil
            counts.total -= 1
            return true
        }
        if released { meter?.decrement() }
    }

    /// Runs `body` holding one of `client`'s; throws `Refusal`, without running it, when none is free.
    func withOne<T: Sendable>(for client: String, _ body: () async throws -> T) async throws -> T {
        _ = try take(for: client).get()
        defer { release(for: client) }
        return try await body()
    }
}
