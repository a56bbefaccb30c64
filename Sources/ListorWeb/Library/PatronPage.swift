import Library
import Tagged

/// What `library/patron.mustache` shows: a patron's record, what they have, what they have had,
/// their holds, and the form that merges another record into theirs.
struct PatronPage: Encodable {
    struct Fact: Encodable {
        let label: String
        let value: String
    }

    struct LoanLine: Encodable {
        let href: String
        let book: String
        let text: String
        let isOverdue: Bool
        /// The renew and check-in forms' addresses, for a loan still out.
        let renewPath: String?
        let checkInPath: String?
    }

    /// The desk's checkout form as it was sent, and what was refused.
    struct Desk: Encodable {
        var book = ""
        var due = ""
        var problem: String?
    }

    let name: String
    let path: String
    let facts: [Fact]
    let current: [LoanLine]
    let hasCurrent: Bool
    let hasOverdue: Bool
    let past: [LoanLine]
    let hasPast: Bool
    let holds: [LoanLine]
    let hasHolds: Bool
    let csrf: String
    let notice: String?
    let from: String
    let fromError: String?
    let desk: Desk

    init(_ view: PatronViewModel, titles: [Book.ID: String], csrf: String, notice: String? = nil, from: String = "", fromError: String? = nil,
         desk: Desk = Desk()) {
        let patron = view.patron
        name = patron.name
        path = "/library/patrons/\(patron.id)"
        facts = [("Card", patron.card), ("Category", view.category), ("Email", patron.email), ("Phone", patron.phone),
                 ("Address", patron.address?.split(separator: "\n").joined(separator: ", ")), ("Notes", patron.notes),
                 ("Reminders", patron.remindersOff ? "None by email" : nil)].compactMap { label, value in value.map { Fact(label: label, value: $0) } }
        func line(_ loan: PatronViewModel.LoanRow) -> LoanLine {
            let out = loan.returned == nil
            return LoanLine(href: "/library/books/\(loan.bookID)", book: titles[loan.bookID] ?? "Book \(loan.bookID)",
                            text: loan.returned.map { "\(loan.checkedOut) → \($0)" } ?? "since \(loan.checkedOut), due \(loan.due)" + (loan.isOverdue ? " (overdue)" : ""),
                            isOverdue: loan.isOverdue, renewPath: out ? "/library/patrons/\(patron.id)/loans/\(loan.bookID)/renew" : nil,
                            checkInPath: out ? "/library/patrons/\(patron.id)/loans/\(loan.bookID)/checkin" : nil)
        }
        current = view.current.map(line)
        hasCurrent = !current.isEmpty
        hasOverdue = current.contains(where: \.isOverdue)
        past = view.past.map(line)
        hasPast = !past.isEmpty
        holds = view.holds.map { row in
            LoanLine(href: "/library/books/\(row.hold.bookID)", book: titles[row.hold.bookID] ?? "Book \(row.hold.bookID)", text: row.state, isOverdue: false,
                     renewPath: nil, checkInPath: nil)
        }
        hasHolds = !holds.isEmpty
        self.csrf = csrf
        self.notice = notice
        self.from = from
        self.fromError = fromError
        self.desk = desk
    }
}
