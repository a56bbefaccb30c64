import Testing
@testable import ListorWeb

/// The bound on pages the reader reads at once: past it, or past one client's share of it, a
/// read is refused, not queued, and a finished or failed read gives its slot back.
@Suite struct ReadSlotsTests {
    struct Failure: Error {}

    @Test func aReadPastTheLimitIsRefusedUntilOneEnds() async throws {
        let slots = ReadSlots(limit: 2, limitPerClient: 2)
        await #expect(throws: ReadSlots.Refusal.full) {
            try await slots.withSlot(for: "a") {
                try await slots.withSlot(for: "b") {
                    try await slots.withSlot(for: "c") { "third" }
                }
            }
        }
        #expect(try await slots.withSlot(for: "a") { "again" } == "again")
        await #expect(throws: Failure.self) { try await slots.withSlot(for: "a") { throw Failure() } }
        let both = try await slots.withSlot(for: "a") { try await slots.withSlot(for: "b") { "second" } }
        #expect(both == "second", "a failed read gave its slot back")
    }

    /// One client address cannot take every slot: past its share it is refused while others read.
    @Test func aClientPastItsShareIsRefusedWhileOthersRead() async throws {
        let slots = ReadSlots(limit: 8, limitPerClient: 2)
        let outcome = try await slots.withSlot(for: "dripping") {
            try await slots.withSlot(for: "dripping") {
                let third = await #expect(throws: ReadSlots.Refusal.self) { try await slots.withSlot(for: "dripping") { "third" } }
                #expect(third == .clientsShare)
                return try await slots.withSlot(for: "someone else") { "read" }
            }
        }
        #expect(outcome == "read")
    }
}
