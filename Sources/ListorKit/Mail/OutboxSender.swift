import Foundation

/// Sends what the apps' outboxes hold, one message at a time: claimed just before it is sent,
/// so that the lease covers the send it protects however slow the others were; retried with a
/// growing wait when the mail server fails for now, given up when it refuses or after the
/// last retry. Several nodes may send from one database at once: each message goes once.
public struct OutboxSender: Sendable {
    /// What one pass sent.
    public struct Pass: Sendable, Hashable {
        public var sent = 0
        /// Failed for now, to be tried again.
        public var retrying = 0
        /// Failed for good.
        public var failed = 0
        /// The last failure's reason, when any attempt failed.
        public var lastError: String?

        public init(sent: Int = 0, retrying: Int = 0, failed: Int = 0, lastError: String? = nil) {
            self.sent = sent
            self.retrying = retrying
            self.failed = failed
            self.lastError = lastError
        }
    }

    private let mail: MailTransport
    private let from: MailAddress
    /// This node's name in the outboxes' claims.
    private let name: String
    private let lease: Duration
    private let now: @Sendable () -> Date

    /// `lease` must outlast one send (the mail transport's own timeout): a claim that lapses
    /// lets another node send the message again.
    public init(mail: MailTransport, from: MailAddress, name: String, lease: Duration = .seconds(300), now: @escaping @Sendable () -> Date = Date.init) {
        self.mail = mail
        self.from = from
        self.name = name
        self.lease = lease
        self.now = now
    }

    /// Where the messages go, for messages.
    public var destination: String { mail.destination }

    /// How long to wait after failed attempt `attempt` (from 1): a minute, then four times
    /// longer each time up to six hours; nil after the eighth, when the message has failed for
    /// good (about a day after the first attempt).
    public static func retryDelay(afterAttempt attempt: Int) -> Duration? {
        guard attempt < 8 else { return nil }
        return .seconds(min(60 * Int(pow(4, Double(attempt - 1))), 6 * 3600))
    }

    /// Sends every message `outbox` has due now.
    public func send(_ outbox: any MailOutbox) async throws -> Pass {
        var pass = Pass()
        while let message = try await outbox.claim(limit: 1, now: now(), lease: now().addingTimeInterval(lease.timeInterval), sender: name).first {
            let outcome: OutboxOutcome
            do {
                let to = try MailAddress(message.mail.recipient, name: message.mail.recipientName)
                try await mail.send(MailMessage(from: from, to: to, subject: message.mail.subject, body: message.mail.body, id: message.messageID, date: now()))
                outcome = .sent(at: now())
                pass.sent += 1
            } catch let error as MailError {
                pass.lastError = error.description
                if error.isTransient, let delay = Self.retryDelay(afterAttempt: message.attempts) {
                    outcome = .retry(at: now(), retry: now().addingTimeInterval(delay.timeInterval), error: error.description)
                    pass.retrying += 1
                } else {
                    outcome = .failed(at: now(), error: error.description)
                    pass.failed += 1
                }
            }
            try await outbox.record(outcome, of: message.id, sender: name)
        }
        return pass
    }
}
