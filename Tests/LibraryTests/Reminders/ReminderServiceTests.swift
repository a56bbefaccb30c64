@testable import Library
import Synchronization
import Testing

/// What the people who run the library hear of the reminders' rounds: a round that did
/// something, and a failure when it starts and when it ends, never at every attempt.
@Suite struct ReminderServiceTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the database is gone" }
    }

    @Test func aFailureIsToldWhenItStartsAndWhenItEndsOnly() async {
        let failed = ReminderSender.Round(queued: 2, retrying: 2, lastError: "550 mailbox unavailable")
        let quiet = ReminderSender.Round(retrying: 2, lastError: "550 mailbox unavailable")
        let sent = ReminderSender.Round(sent: 2)
        let outcomes = Mutex<[Result<ReminderSender.Round, any Error>]>([
            .success(failed), .success(quiet), .failure(Refused()), .success(quiet), .success(sent), .success(ReminderSender.Round()), .failure(Refused()), .failure(Refused()),
        ])
        let events = Mutex<[ReminderService.Event]>([])
        // The rounds run back to back; the service stops when the outcomes run out.
        await ReminderService(rounds: {
            guard let next = outcomes.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { throw CancellationError() }
            return try next.get()
        }, interval: .zero) { event in events.withLock { $0.append(event) } }.run()
        #expect(events.withLock { $0 } == [
            .round(failed), .failing("550 mailbox unavailable"),
            .round(sent), .working,
            .roundFailed("the database is gone"),
        ])
    }
}
