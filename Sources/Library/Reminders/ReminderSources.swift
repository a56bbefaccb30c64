import Foundation
import Tagged

/// What the reminders are worked out from, read in one go: the open loans due by a date, the
/// holds set aside, and which of their patrons take reminders by email.
public struct ReminderSources: Sendable, Hashable {
    public var loans: [Loan]
    public var holds: [Hold]
    /// The patrons of those loans and holds with an email address and reminders on.
    public var recipients: Set<Patron.ID>

    public init(loans: [Loan], holds: [Hold], recipients: Set<Patron.ID>) {
        self.loans = loans
        self.holds = holds
        self.recipients = recipients
    }
}
