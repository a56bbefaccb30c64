import Foundation
import ListorKit

/// The book list: the query (search and status), each book as a row with its status in words,
/// the status filter's choices, and what to say when nothing is shown.
public struct BookListViewModel: Sendable {
    public struct Row: Sendable, Hashable {
        public let id: Book.ID
        public let title: String
        public let author: String
        /// "Available", "Checked out by Ann 5 min ago", "Overdue: Ann, due Nov 17, 2026".
        public let status: String
        public let isOnLoan: Bool
        public let isOverdue: Bool
        /// The book's version, which its cover's address carries.
        public let version: Int
    }

    /// How the books are laid out: a table with thumbnails, or a grid of covers.
    public enum Layout: String, Sendable, CaseIterable {
        case list, grid
    }

    /// One choice of the status filter: "On the shelf".
    public struct StatusChoice: Sendable, Hashable {
        public let status: BookQuery.Status
        public let label: String
        public let isSelected: Bool
    }

    public let query: BookQuery
    public let layout: Layout
    public let rows: [Row]
    /// The books in the library, whatever the query.
    public let total: Int
    /// Books a remote library sent that could not be read.
    public let problems: [Problem]

    /// `books` are those matching `query`, out of `total`.
    public init(books: [Book], total: Int, query: BookQuery, layout: Layout = .list, now: Date, timeZone: TimeZone, problems: [Problem] = []) {
        self.query = query
        self.layout = layout
        self.total = total
        self.problems = problems
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
            return Row(id: book.id, title: book.title, author: book.author, status: status, isOnLoan: book.isOnLoan, isOverdue: overdue, version: book.version)
        }
    }

    /// The reader searches and filters: the books matching `query`, and how many there are in all.
    /// The reader also picks the layout, which changes nothing but how the books are shown.
    public static func load(_ query: BookQuery, layout: Layout = .list, from library: any LibraryService, now: Date, timeZone: TimeZone) async throws -> BookListViewModel {
        let unfiltered = BookQuery()
        if query == unfiltered {
            let all = try await library.books(query)
            return BookListViewModel(books: all.items, total: all.items.count, query: query, layout: layout, now: now, timeZone: timeZone, problems: all.problems)
        }
        async let matching = library.books(query)
        async let all = library.books(unfiltered)
        let found = try await matching
        return BookListViewModel(books: found.items, total: try await all.items.count, query: query, layout: layout, now: now, timeZone: timeZone,
                                 problems: found.problems)
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

    /// The status filter, with the query's status selected.
    public var statusChoices: [StatusChoice] {
        BookQuery.Status.allCases.map { status in
            let label = switch status {
            case .all: "All books"
            case .available: "On the shelf"
            case .onLoan: "Checked out"
            case .overdue: "Overdue"
            }
            return StatusChoice(status: status, label: label, isSelected: status == query.status)
        }
    }
}
