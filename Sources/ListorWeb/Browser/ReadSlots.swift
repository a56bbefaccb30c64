import Synchronization

/// Pages the reader may be reading at once, for the whole server: each read holds a connection
/// to another server and up to the size limit in memory, so past the limit a read is refused
/// (503) rather than queued.
final class ReadSlots: Sendable {
    private let reading = Mutex(0)
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `body` in a slot; nil, without running it, when every slot is taken.
    func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T? {
        let taken = reading.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard taken else { return nil }
        defer { reading.withLock { $0 -= 1 } }
        return try await body()
    }
}
