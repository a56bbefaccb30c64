import Foundation
import ListorKit
import Tagged

/// A table of loans with their books' titles: one book's history, one borrower's, or every
/// overdue loan.
public struct LoanListViewModel: Sendable {
    /// Which loans to show.
    public enum Kind: Sendable, Hashable {
        case book(Book.ID)
        case borrower(String)
        /// Open loans past their due date, by the library's clock.
        case overdue
    }

    public struct Row: Sendable, Hashable {
        public let title: String
        public let borrower: String
        /// "Nov 3, 2026 at 4:06 PM".
        public let checkedOut: String
        /// "Nov 17, 2026".
        public let due: String
        /// "Nov 6, 2026 at 9:00 AM", or "still out".
        public let returned: String
    }

    public let kind: Kind
    public let rows: [Row]
    /// Loans a remote library sent that could not be read.
    public let problems: [Problem]

    public init(kind: Kind, loans: [Loan], titles: [Book.ID: String], timeZone: TimeZone, problems: [Problem] = []) {
        self.kind = kind
        self.problems = problems
        rows = loans.map { loan in
            Row(title: titles[loan.bookID] ?? "book \(loan.bookID)", borrower: loan.borrower,
                checkedOut: BookDates.long(loan.checkedOut, timeZone: timeZone), due: BookDates.day(loan.due, timeZone: timeZone),
                returned: loan.returned.map { BookDates.long($0, timeZone: timeZone) } ?? "still out")
        }
    }

    public static func load(_ kind: Kind, from library: any LibraryService, timeZone: TimeZone) async throws -> LoanListViewModel {
        let loans = switch kind {
        case .book(let id): try await library.loans(.book(id))
        case .borrower(let name): try await library.loans(.borrower(name))
        case .overdue: try await library.overdue()
        }
        // Titles only when there is a row to put them on.
        let titles = try await titles(of: loans.items, in: library)
        return LoanListViewModel(kind: kind, loans: loans.items, titles: titles, timeZone: timeZone, problems: loans.problems)
    }

    /// The titles of the loans' books by id, for naming the book of a loan.
    static func titles(of loans: [Loan], in library: any LibraryService) async throws -> [Book.ID: String] {
        guard !loans.isEmpty else { return [:] }
        let books = try await library.books(ids: Array(Set(loans.map(\.bookID))))
        return Dictionary(books.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    /// What to say when there are no rows: "book 4 has never been checked out".
    public var emptyMessage: String {
        switch kind {
        case .book(let id): "book \(id) has never been checked out"
        case .borrower(let name): "\(name) has borrowed nothing"
        case .overdue: "nothing is overdue"
        }
    }

    /// "1 overdue loan", "3 loans".
    public var count: String {
        let noun = rows.count == 1 ? "loan" : "loans"
        return kind == .overdue ? "\(rows.count) overdue \(noun)" : "\(rows.count) \(noun)"
    }
}
