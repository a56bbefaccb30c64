import Foundation
import ListorKit

/// Part of a book, as a partial update sends it: nil leaves a field as it is.
public struct BookChanges: Sendable, Hashable {
    public var title: String?
    public var author: String?
    public var publisher: String?
    public var categories: String?
    public var isbn: String?

    public init(title: String? = nil, author: String? = nil, publisher: String? = nil, categories: String? = nil, isbn: String? = nil) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
    }

    public var isEmpty: Bool { self == BookChanges() }

    /// The form `book` would have with these changes.
    public func applied(to book: Book) -> BookForm {
        let current = BookForm(book)
        return BookForm(title: title ?? current.title, author: author ?? current.author, publisher: publisher ?? current.publisher,
                        categories: categories ?? current.categories, isbn: isbn ?? current.isbn)
    }
}
