import Foundation
import ListorKit

/// What the book list asks for: words to find in title, author, publisher or categories, and a status.
public struct BookQuery: Sendable, Hashable {
    public enum Status: String, Sendable, CaseIterable {
        case all, available
        case onLoan = "on-loan"
        case overdue
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
        case .available: if book.isOnLoan { return false }
        case .onLoan: if !book.isOnLoan { return false }
        case .overdue: if !book.isOverdue(at: date) { return false }
        }
        let query = SearchQuery(search)
        guard !query.isEmpty else { return true }
        return query.matches(FoldedText([book.title, book.author, book.publisher ?? "", book.categories ?? ""].joined(separator: " ")))
    }
}
