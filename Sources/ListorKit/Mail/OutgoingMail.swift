import Foundation

/// A message an app puts in its outbox to be sent: once, by whichever node claims it, however
/// many times it is put there (its `key` says which message it is).
public struct OutgoingMail: Sendable, Hashable {
    /// What makes the message the same message: "order-S-000042-placed".
    public var key: String
    /// What kind it is, for its app: "order-placed", "overdue-2".
    public var kind: String
    public var recipient: String
    public var recipientName: String
    public var subject: String
    public var body: String

    public init(key: String, kind: String, recipient: String, recipientName: String, subject: String, body: String) {
        self.key = key
        self.kind = kind
        self.recipient = recipient
        self.recipientName = recipientName
        self.subject = subject
        self.body = body
    }
}
