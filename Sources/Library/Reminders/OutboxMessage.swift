import Foundation
import ListorKit
import Tagged

/// A letter in the outbox and what became of it: queued (perhaps after failed attempts), sent,
/// failed for good, or withdrawn because it stopped being true before it went.
public struct OutboxMessage: Sendable, Hashable, Identifiable {
    public typealias ID = Tagged<OutboxMessage, Int64>

    /// As every outbox's message: withdrawn when the book came back, the hold left the queue,
    /// or the patron turned reminders off.
    public typealias State = QueuedMail.State

    /// Why a queued letter was withdrawn, as its `lastError` says; a store asks in this order.
    public enum Withdrawal: String, Sendable, CaseIterable {
        case bookReturned = "the book came back"
        case holdLeftQueue = "the hold left the queue"
        case remindersOff = "the patron turned reminders off"
        case noEmail = "the patron has no email address now"
    }

    public var id: ID
    public var letter: ReminderLetter
    public var state: State
    /// Attempts made so far.
    public var attempts: Int
    public var queued: Date
    /// When it is next tried, while queued.
    public var nextAttempt: Date
    /// When it was sent, failed or was withdrawn.
    public var ended: Date?
    /// Why the last attempt failed, or why it was withdrawn.
    public var lastError: String?
    /// The token of its Message-ID (`QueuedMail.messageID`), where the store keeps one.
    public var messageID: String?

    public init(id: ID, letter: ReminderLetter, state: State, attempts: Int, queued: Date, nextAttempt: Date, ended: Date? = nil, lastError: String? = nil,
                messageID: String? = nil) {
        self.id = id
        self.letter = letter
        self.state = state
        self.attempts = attempts
        self.queued = queued
        self.nextAttempt = nextAttempt
        self.ended = ended
        self.lastError = lastError
        self.messageID = messageID
    }
}
