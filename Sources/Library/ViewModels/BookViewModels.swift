import Foundation
import ListorKit

/// The book list: the query (search and status), each book as a row with its status in words,
/// and what to say when nothing is shown.
public struct BookListViewModel: Sendable {
    public struct Row: Sendable, Hashable {
        public let id: Int64
        public let title: String
        public let author: String
        /// "Available", "Checked out by Ann 5 min ago", "Overdue: Ann, due Nov 17, 2026".
        public let status: String
        public let isOnLoan: Bool
        public let isOverdue: Bool
    }

    public let query: BookQuery
    public let rows: [Row]
    /// The books in the library, whatever the query.
    public let total: Int

    /// `books` are those matching `query`, out of `total`.
    public init(books: [Book], total: Int, query: BookQuery, now: Date, timeZone: TimeZone) {
        self.query = query
        self.total = total
        rows = books.map { book in
            let overdue = book.isOverdue(at: now)
            let status: String
            if let loan = book.loan {
                status = overdue
                    ? "Overdue: \(loan.borrower), due \(BookDates.day(loan.due, timeZone: timeZone))"
                    : "Checked out by \(loan.borrower) \(BookDates.relative(loan.checkedOut, now: now, timeZone: timeZone))"
            } else {
                status = "Available"
            }
            return Row(id: book.id, title: book.title, author: book.author, status: status, isOnLoan: book.isOnLoan, isOverdue: overdue)
        }
    }

    /// "3 of 10 books", "10 books".
    public var summary: String {
        let noun = total == 1 ? "book" : "books"
        return rows.count == total ? "\(total) \(noun)" : "\(rows.count) of \(total) \(noun)"
    }

    /// Set when no row is shown, saying why.
    public var emptyMessage: String? {
        guard rows.isEmpty else { return nil }
        if total == 0 { return "The library has no books yet. Add the first one." }
        switch query.status {
        case .all: return "No books match \u{201C}\(query.search)\u{201D}."
        case .available: return "No book matching that is on the shelf."
        case .onLoan: return query.search.isEmpty ? "No book is checked out." : "No book matching that is checked out."
        case .overdue: return query.search.isEmpty ? "Nothing is overdue." : "No book matching that is overdue."
        }
    }
}

/// One book: its facts, who has it in the seed's words, and its loans.
public struct BookDetailViewModel: Sendable {
    public let book: Book
    public let loans: [Loan]
    private let now: Date
    private let timeZone: TimeZone

    public init(book: Book, loans: [Loan], now: Date, timeZone: TimeZone) {
        self.book = book
        self.loans = loans
        self.now = now
        self.timeZone = timeZone
    }

    /// "Checked out by Ann on Nov 3, 2026 at 4:06 PM", or that the book is on the shelf.
    public var checkoutText: String {
        if let loan = book.loan {
            return "Checked out by \(loan.borrower) on \(BookDates.long(loan.checkedOut, timeZone: timeZone))"
        }
        if let by = book.lastCheckedOutBy, let date = book.lastCheckedOut {
            return "Available. Last checked out by \(by) on \(BookDates.long(date, timeZone: timeZone))"
        }
        return "Available. Never checked out"
    }

    /// "Due Nov 17, 2026", "Overdue since Nov 17, 2026"; nil on the shelf.
    public var dueText: String? {
        guard let loan = book.loan else { return nil }
        return (book.isOverdue(at: now) ? "Overdue since " : "Due ") + BookDates.day(loan.due, timeZone: timeZone)
    }

    /// Each loan as one line: "Ann · Nov 3, 2026 at 4:06 PM → Nov 6, 2026 at 9:00 AM".
    public var history: [String] {
        zip(loans, loanTimes).map { "\($0.borrower) · \($1)" }
    }

    /// When each loan went out and came back: "Nov 3, 2026 at 4:06 PM → still out".
    public var loanTimes: [String] {
        loans.map { loan in
            let out = BookDates.long(loan.checkedOut, timeZone: timeZone)
            let back = loan.returned.map { BookDates.long($0, timeZone: timeZone) } ?? "still out"
            return "\(out) → \(back)"
        }
    }
}

/// The add and edit form: what was typed, the problems with it, and whether leaving would lose it.
public struct BookFormViewModel: Sendable {
    public var form: BookForm
    /// What the form started with: empty to add, the book's fields to edit.
    public let original: BookForm
    public private(set) var errors: [String: String] = [:]

    public init(editing book: Book? = nil) {
        let start = book.map(BookForm.init) ?? BookForm()
        form = start
        original = start
    }

    /// Whether leaving now would lose what was typed.
    public var hasUnsavedChanges: Bool { form != original }

    /// The checked fields; otherwise the problems, a message per field, kept for the view.
    public mutating func validate() -> BookFields? {
        switch form.validated() {
        case .success(let fields):
            errors = [:]
            return fields
        case .failure(let problems):
            errors = Dictionary(problems.errors.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
            return nil
        }
    }

    /// Problems the server found, shown next to their fields.
    public mutating func show(_ problems: FieldErrors) {
        errors = Dictionary(problems.errors.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
    }
}

/// One borrower's loans, newest first: what they have out and what they brought back.
public struct BorrowerViewModel: Sendable {
    public struct Line: Sendable, Hashable {
        public let bookID: Int64
        public let title: String
        /// "Nov 3, 2026 at 4:06 PM → Nov 6, 2026 at 9:00 AM", or "…, due Nov 17, 2026" while out.
        public let text: String
        public let isOpen: Bool
    }

    public let name: String
    public let lines: [Line]
    /// "3 loans, 1 still out".
    public let summary: String

    public init(name: String, loans: [Loan], titles: [Int64: String], now: Date, timeZone: TimeZone) {
        self.name = name
        let open = loans.filter(\.isOpen).count
        summary = loans.isEmpty ? "\(name) has never borrowed a book."
            : "\(loans.count) \(loans.count == 1 ? "loan" : "loans"), \(open) still out"
        lines = loans.map { loan in
            let out = BookDates.long(loan.checkedOut, timeZone: timeZone)
            let text = loan.returned.map { "\(out) → \(BookDates.long($0, timeZone: timeZone))" }
                ?? "\(out), \(loan.due < now ? "overdue since" : "due") \(BookDates.day(loan.due, timeZone: timeZone))"
            return Line(bookID: loan.bookID, title: titles[loan.bookID] ?? "Book \(loan.bookID)", text: text, isOpen: loan.isOpen)
        }
    }
}
