import Foundation
import ListorKit

/// What the book list asks for: words that begin words of the title, author, publisher or
/// categories (`BookSearch`), and a status.
public struct BookQuery: Sendable, Hashable {
    public enum Status: String, Sendable, CaseIterable {
        case all, available
        case onHoldShelf = "on-hold-shelf"
        case onLoan = "on-loan"
        case overdue

        /// How many books have this status, of `books` with `onLoan` out and `onHoldShelf` set
        /// aside; nil for overdue, which only the loans' due dates say.
        public func count(ofBooks books: Int, onLoan: Int, onHoldShelf: Int) -> Int? {
            switch self {
            case .all: books
            case .available: books - onLoan - onHoldShelf
            case .onHoldShelf: onHoldShelf
            case .onLoan: onLoan
            case .overdue: nil
            }
        }
    }

    public var search: String
    public var status: Status

    public init(search: String = "", status: Status = .all) {
        self.search = search
        self.status = status
    }

    public func matches(_ book: Book, at date: Date) -> Bool {
        switch status {
        case .all: break
        case .available: if !book.isAvailable { return false }
        case .onHoldShelf: if !book.isOnHoldShelf { return false }
        case .onLoan: if !book.isOnLoan { return false }
        case .overdue: if !book.isOverdue(at: date) { return false }
        }
        let terms = searchTerms
        guard !terms.isEmpty else { return true }
        return BookSearch.matches(terms, BookSearch.words(of: book).split(separator: " ").map(String.init))
    }

    /// Whether the query picks every book.
    public var isUnfiltered: Bool { status == .all && searchTerms.isEmpty }

    /// The search's words, folded; empty when there is nothing to search for.
    public var searchTerms: [String] { BookSearch.terms(of: search) }
}
