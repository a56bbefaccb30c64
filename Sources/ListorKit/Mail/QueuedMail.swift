import Foundation

/// A message in an outbox and what became of it: queued (perhaps after failed attempts), sent,
/// failed for good, or withdrawn because it stopped being true before it went.
public struct QueuedMail: Sendable, Hashable, Identifiable {
    public enum State: String, Sendable, CaseIterable {
        /// Waiting for its next attempt (its first, or a retry after `lastError`).
        case queued
        case sent
        /// Given up: the server refused it, or every attempt failed.
        case failed
        /// Not sent: what it said stopped being true before it went.
        case withdrawn
    }

    public var id: Int64
    public var mail: OutgoingMail
    /// The Message-ID's token, made once for the message (random, so that no other outbox,
    /// node or data folder repeats it) and kept through its retries.
    public var messageID: String
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

    public init(id: Int64, mail: OutgoingMail, messageID: String, state: State, attempts: Int, queued: Date, nextAttempt: Date,
                ended: Date? = nil, lastError: String? = nil) {
        self.id = id
        self.mail = mail
        self.messageID = messageID
        self.state = state
        self.attempts = attempts
        self.queued = queued
        self.nextAttempt = nextAttempt
        self.ended = ended
        self.lastError = lastError
    }

    /// A new Message-ID token: 128 random bits.
    public static func newMessageID() -> String {
        UUID().uuidString.lowercased()
    }
}
