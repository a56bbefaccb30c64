import Foundation
import Tagged

/// A reminder written out for one patron: to whom, the subject and the text, as the outbox
/// keeps it and the mail server gets it.
public struct ReminderLetter: Sendable, Hashable {
    public var reminder: Reminder
    /// The patron's name and email address when it was written.
    public var recipient: String
    public var recipientName: String
    public var subject: String
    public var body: String

    public init(reminder: Reminder, recipient: String, recipientName: String, subject: String, body: String) {
        self.reminder = reminder
        self.recipient = recipient
        self.recipientName = recipientName
        self.subject = subject
        self.body = body
    }
}
