import Foundation
import ListorKit

/// The book list: the query (search and status), one page of the matching books as rows with
/// their status in words, the pages, the status filter's choices, and what to say when nothing
/// is shown.
public struct BookListViewModel: Sendable {
    public struct Row: Sendable, Hashable {
        public let id: Book.ID
        public let title: String
        public let author: String
        /// "Available", "On the hold shelf for Hana Kim until Dec 4, 2026", "Checked out by Ann 5 min ago",
        /// "Overdue: Ann, due Nov 17, 2026".
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
    /// How many books match the query, on every page.
    public let matching: Int
    /// The books in the library, whatever the query.
    public let total: Int
    /// From 1.
    public let pageNumber: Int
    /// At least 1.
    public let pageCount: Int
    public let perPage: Int
    /// Books a remote library sent that could not be read.
    public let problems: [Problem]

    /// `page` holds the books matching `query` on the page shown; who has each is said to the staff alone.
    public init(page: BookPage, query: BookQuery, layout: Layout = .list, now: Date, timeZone: TimeZone, audience: Audience = .staff) {
        self.query = query
        self.layout = layout
        matching = page.matching
        total = page.total
        pageNumber = page.number
        pageCount = page.count
        perPage = page.size
        problems = page.problems
        rows = page.books.map { book in
            let overdue = book.isOverdue(at: now)
            let status: String
            if let loan = book.loan, audience == .visitors || loan.borrower.isEmpty {
                status = (overdue ? "Overdue, due " : "On loan, due ") + BookDates.day(loan.due, timeZone: timeZone)
            } else if let loan = book.loan {
                status = overdue
                    ? "Overdue: \(loan.borrower), due \(BookDates.day(loan.due, timeZone: timeZone))"
                    : "Checked out by \(loan.borrower) \(BookDates.relative(loan.checkedOut, now: now, timeZone: timeZone))"
            } else if let hold = book.shelfHold {
                status = BookListViewModel.holdShelfText(hold, audience: audience, timeZone: timeZone)
            } else {
                status = "Available"
            }
            return Row(id: book.id, title: book.title, author: book.author, status: status, isOnLoan: book.isOnLoan, isOverdue: overdue, version: book.version)
        }
    }

    /// The reader searches, filters and turns the pages: page `page` of the books matching
    /// `query`, how many match and how many there are in all. The reader also picks the layout,
    /// which changes nothing but how the books are shown.
    public static func load(_ query: BookQuery, page: Int = 1, perPage: Int = BookPage.defaultSize, layout: Layout = .list,
                            from library: any LibraryService, now: Date, timeZone: TimeZone, audience: Audience = .staff) async throws -> BookListViewModel {
        BookListViewModel(page: try await library.books(query, page: page, perPage: perPage), query: query, layout: layout, now: now, timeZone: timeZone,
                          audience: audience)
    }

    /// "On the hold shelf for Hana Kim until Dec 4, 2026"; visitors are not told for whom.
    public static func holdShelfText(_ hold: Hold, audience: Audience, timeZone: TimeZone) -> String {
        "On the hold shelf" + (audience == .staff ? " for \(hold.patronName)" : "") + (hold.expires.map { " until \(BookDates.day($0, timeZone: timeZone))" } ?? "")
    }

    public var previousPage: Int? { pageNumber > 1 ? pageNumber - 1 : nil }
    public var nextPage: Int? { pageNumber < pageCount ? pageNumber + 1 : nil }

    /// "10 books", "3 of 10 books", or with pages "51–100 of 1200 books" and
    /// "51–100 of 300 matching, of 100000 books".
    public var summary: String {
        let noun = total == 1 ? "book" : "books"
        guard pageCount > 1 else { return matching == total ? "\(total) \(noun)" : "\(matching) of \(total) \(noun)" }
        let first = (pageNumber - 1) * perPage + 1
        let shown = "\(first)\u{2013}\(first + rows.count - 1)"
        return matching == total ? "\(shown) of \(total) \(noun)" : "\(shown) of \(matching) matching, of \(total) \(noun)"
    }

    /// Set when no row is shown, saying why.
    public var emptyMessage: String? {
        guard rows.isEmpty else { return nil }
        if total == 0 { return "The library has no books yet. Add the first one." }
        switch query.status {
        case .all: return "No books match \u{201C}\(query.search)\u{201D}."
        case .available: return "No book matching that is on the shelf."
        case .onHoldShelf: return query.search.isEmpty ? "No book is on the hold shelf." : "No book matching that is on the hold shelf."
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
            case .onHoldShelf: "On the hold shelf"
            case .onLoan: "Checked out"
            case .overdue: "Overdue"
            }
            return StatusChoice(status: status, label: label, isSelected: status == query.status)
        }
    }
}
