import Foundation

/// Where an app keeps the mail it sends, in its own database, so that a message is written in
/// the transaction that makes it true (an order placed, a letter due) and sent once by
/// `OutboxSender`, whichever node claims it.
public protocol MailOutbox: Sendable {
    /// Claims up to `limit` of the messages due by `now` for `sender` until `lease`, oldest
    /// first: a message claimed by another sender is not claimed again before its lease ends.
    /// Each claim counts an attempt.
    func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [QueuedMail]
    /// Records what became of a message `sender` claimed; nothing when its claim passed to
    /// another sender meanwhile.
    func record(_ outcome: OutboxOutcome, of id: Int64, sender: String) async throws
}
