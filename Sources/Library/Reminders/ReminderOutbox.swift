import Foundation
import ListorKit
import Tagged

/// The reminders' outbox, in the library's own database, so that several nodes running the
/// sender at once send each letter once: a letter is kept once per key, and a node sends only
/// the letters it has claimed, each claimed by one node at a time.
public protocol ReminderOutbox: MailOutbox {
    /// The open loans due before `dueBefore`, the holds set aside, and which of their patrons
    /// take reminders.
    func reminderSources(dueBefore: Date) async throws -> ReminderSources
    /// Which of these reminders' keys the outbox has already: their letters need not be written again.
    func kept(_ keys: [String]) async throws -> Set<String>
    /// How many overdue letters about each of `loans` were sent: a letter counts the ones before
    /// it that reached the patron, not the policy's steps it skipped.
    func overdueLettersSent(about loans: [Loan.ID]) async throws -> [Loan.ID: Int]
    /// Keeps the letters whose reminders' keys it does not have yet, to be sent from `now`;
    /// answers how many were new. Two nodes enqueuing one letter at once keep it once.
    func enqueue(_ letters: [ReminderLetter], at now: Date) async throws -> Int
    // `claim` withdraws the queued letters that stopped being true (the loan ended, the hold
    // left the queue, the patron turned reminders off or has no address now) before it claims.
    /// The outbox, most recently queued first, all of it or the letters in `state`.
    func outbox(_ state: OutboxMessage.State?, limit: Int, offset: Int) async throws -> [OutboxMessage]
    /// How many letters are in each state.
    func outboxCounts() async throws -> [OutboxMessage.State: Int]
}
