import Foundation
import ListorKit
import Tagged

/// One borrower's loans, newest first: what they have out and what they brought back.
public struct BorrowerViewModel: Sendable {
    public struct Line: Sendable, Hashable {
        public let bookID: Book.ID
        public let title: String
        /// "Nov 3, 2026 at 4:06 PM → Nov 6, 2026 at 9:00 AM", or "…, due Nov 17, 2026" while out.
        public let text: String
        public let isOpen: Bool
    }

    public let name: String
    public let lines: [Line]
    /// "3 loans, 1 still out".
    public let summary: String
    /// Loans a remote library sent that could not be read.
    public let problems: [Problem]

    public init(name: String, loans: [Loan], titles: [Book.ID: String], now: Date, timeZone: TimeZone, problems: [Problem] = []) {
        self.name = name
        self.problems = problems
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

    /// The borrower's loans, with the titles of their books.
    public static func load(_ name: String, from library: any LibraryService, now: Date, timeZone: TimeZone) async throws -> BorrowerViewModel {
        let loans = try await library.loans(.borrower(name))
        let titles = try await LoanListViewModel.titles(of: loans.items, in: library)
        return BorrowerViewModel(name: name, loans: loans.items, titles: titles, now: now, timeZone: timeZone, problems: loans.problems)
    }

    /// Whether they have ever borrowed anything: a name with no loans is no borrower.
    public var isKnown: Bool { !lines.isEmpty }
}
