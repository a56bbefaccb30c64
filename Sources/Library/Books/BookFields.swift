import Foundation
import ListorKit

/// A book's own fields, checked: what stores write.
public struct BookFields: Sendable, Hashable {
    public var title: String
    public var author: String
    public var publisher: String?
    public var categories: String?
    public var isbn: String?

    public init(title: String, author: String, publisher: String? = nil, categories: String? = nil, isbn: String? = nil) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
    }

    public init(_ book: Book) {
        self.init(title: book.title, author: book.author, publisher: book.publisher, categories: book.categories, isbn: book.isbn)
    }
}
