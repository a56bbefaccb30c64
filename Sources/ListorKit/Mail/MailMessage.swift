import Foundation

/// One plain-text email: who from, to whom, the subject and the text. The transport writes the
/// headers; these fields are what a person reads.
public struct MailMessage: Sendable, Hashable {
    /// The sender's address, `library@example.org`, and the name shown with it.
    public var from: MailAddress
    public var to: MailAddress
    public var subject: String
    /// The text, lines separated by "\n".
    public var body: String
    /// A unique token for the Message-ID header: the same message sent again keeps its id, so
    /// that a mail reader shows a message retried after a lost answer once.
    public var id: String
    public var date: Date

    public init(from: MailAddress, to: MailAddress, subject: String, body: String, id: String, date: Date) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
        self.id = id
        self.date = date
    }
}
