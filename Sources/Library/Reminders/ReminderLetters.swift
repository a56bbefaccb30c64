import Foundation

/// Writes reminders out as letters a patron reads: the same words by email and on paper.
public struct ReminderLetters: Sendable {
    /// Who signs: "Prolific Library".
    public let library: String
    /// The library's postal address, line by line: the return address of a printed letter.
    public let returnAddress: [String]
    public let timeZone: TimeZone

    public init(library: String = "Prolific Library", returnAddress: [String] = [], timeZone: TimeZone = .current) {
        self.library = library
        self.returnAddress = returnAddress
        self.timeZone = timeZone
    }

    /// "Thursday, December 3, 2026", in the library's time zone.
    public func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .complete, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: timeZone))
    }

    /// The letter for `reminder` to `patron`, who must have an email address; nil when they have
    /// none. An overdue letter is numbered after the `overdueLettersSent` about its loan.
    public func letter(_ reminder: Reminder, patron: Patron, book: Book, loan: Loan?, hold: Hold?, overdueLettersSent: Int = 0) -> ReminderLetter? {
        guard let email = patron.email else { return nil }
        let title = "“\(book.title)” by \(book.author)"
        let (subject, text): (String, String)
        switch reminder.kind {
        case .dueSoon:
            subject = "“\(book.title)” is due back on \(day(loan?.due ?? reminder.due))"
            text = "\(title) is due back on \(day(loan?.due ?? reminder.due)). You can renew it unless someone is waiting for it."
        case .overdue:
            let number = overdueLettersSent + 1
            subject = "Overdue: “\(book.title)”" + (number > 1 ? " (reminder \(number))" : "")
            text = overdueText(title: title, loan: loan, number: number)
        case .holdReady:
            subject = "“\(book.title)” is waiting for you"
            text = "\(title), which you asked for, is set aside for you" + (hold?.expires.map { " until \(day($0))" } ?? "") + ". Bring your library card to collect it."
        }
        return ReminderLetter(reminder: reminder, recipient: email, recipientName: patron.name, subject: subject,
                              body: "Dear \(patron.name),\n\n\(text)\n\n\(library)\n")
    }

    /// The paragraph of an overdue letter about one book, for mail and for the printed letter.
    public func overdueText(title: String, loan: Loan?, number: Int) -> String {
        let due = loan.map { " was due back on \(day($0.due))" } ?? " is overdue"
        return "\(title)\(due). Please bring it back as soon as you can" + (number > 1 ? "; this is reminder \(number)." : ".")
    }
}
