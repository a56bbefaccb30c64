import Testing
@testable import ListorWeb

/// The bound on pages the reader reads at once: past it a read is refused, not queued, and a
/// finished or failed read gives its slot back.
@Suite struct ReadSlotsTests {
    struct Failure: Error {}

    @Test func aReadPastTheLimitIsRefusedUntilOneEnds() async throws {
        let slots = ReadSlots(limit: 2)
        let inner = try await slots.withSlot {
            try await slots.withSlot {
                try await slots.withSlot { "third" }
            }
        }
        #expect(inner == .some(.some(nil)), "the third read, while two are reading, is refused")
        #expect(try await slots.withSlot { "again" } == "again")
        await #expect(throws: Failure.self) { try await slots.withSlot { throw Failure() } }
        let both = try await slots.withSlot { try await slots.withSlot { "second" } }
        #expect(both == .some(.some("second")), "a failed read gave its slot back")
    }
}
