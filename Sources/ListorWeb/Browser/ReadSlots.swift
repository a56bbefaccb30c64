import Synchronization

/// Pages the reader may be reading at once: each read holds a connection to another server and
/// up to the size limit in memory, so past the limit a read is refused (503) rather than
/// queued. One client address may hold only its share of them, so that a client reading pages
/// that drip their bodies cannot take every slot and switch the reader off for everyone.
final class ReadSlots: Sendable {
    private let reading = Mutex((total: 0, byClient: [String: Int]()))
    let limit: Int
    let limitPerClient: Int

    init(limit: Int, limitPerClient: Int) {
        self.limit = limit
        self.limitPerClient = limitPerClient
    }

    /// Why a read cannot start now.
    enum Refusal: Error {
        case full
        case clientsShare
    }

    /// Runs `body` in a slot of `client`'s; throws `Refusal`, without running it, when every
    /// slot or the client's share is taken.
    func withSlot<T: Sendable>(for client: String, _ body: () async throws -> T) async throws -> T {
        let refusal: Refusal? = reading.withLock { slots in
            guard slots.total < limit else { return .full }
            let held = slots.byClient[client, default: 0]
            guard held < limitPerClient else { return .clientsShare }
            slots.total += 1
            slots.byClient[client] = held + 1
            return nil
        }
        if let refusal { throw refusal }
        defer {
            reading.withLock { slots in
                slots.total -= 1
                let held = slots.byClient[client, default: 1]
                slots.byClient[client] = held > 1 ? held - 1 : nil
            }
        }
        return try await body()
    }
}
