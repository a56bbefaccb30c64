import Testing
@testable import ListorWeb

/// The bound on what clients hold at once (here, pages the reader reads): past it, or past one
/// client's share of it, a read is refused, not queued, and a finished or failed read gives its slot back.
@Suite struct ClientSharesTests {
    struct Failure: Error {}

    @Test func aReadPastTheLimitIsRefusedUntilOneEnds() async throws {
        let slots = ClientShares(share: 2, limit: 2)
        await #expect(throws: ClientShares.Refusal.full) {
            try await slots.withOne(for: "a") {
                try await slots.withOne(for: "b") {
                    try await slots.withOne(for: "c") { "third" }
                }
            }
        }
        #expect(try await slots.withOne(for: "a") { "again" } == "again")
        await #expect(throws: Failure.self) { try await slots.withOne(for: "a") { throw Failure() } }
        let both = try await slots.withOne(for: "a") { try await slots.withOne(for: "b") { "second" } }
        #expect(both == "second", "a failed read gave its slot back")
    }

    /// One client address cannot take every slot: past its share it is refused while others read.
    @Test func aClientPastItsShareIsRefusedWhileOthersRead() async throws {
        let slots = ClientShares(share: 2, limit: 8)
        let outcome = try await slots.withOne(for: "dripping") {
            try await slots.withOne(for: "dripping") {
                let third = await #expect(throws: ClientShares.Refusal.self) { try await slots.withOne(for: "dripping") { "third" } }
                #expect(third == .clientsShare)
                return try await slots.withOne(for: "someone else") { "read" }
            }
        }
        #expect(outcome == "read")
    }
}
