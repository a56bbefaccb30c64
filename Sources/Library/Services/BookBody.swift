import ListorKit

/// A book as a request sends it (`POST /books`, `PUT /books/{id}`), as JSON or as a form: each
/// field a string, or absent (or null) for "not given". `lastCheckedOutBy` checks the book out,
/// as the original clients did.
///
/// JSON bodies are read through `JSONFields`, so that `{"title": 5}` is refused naming the
/// field; form bodies through the synthesized `Decodable` conformance.
public struct BookBody: Sendable, Hashable, JSONValueDecodable {
    public var title: String?
    public var author: String?
    public var publisher: String?
    public var categories: String?
    public var isbn: String?
    public var lastCheckedOutBy: String?

    public init(title: String? = nil, author: String? = nil, publisher: String? = nil, categories: String? = nil, isbn: String? = nil,
                lastCheckedOutBy: String? = nil) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
        self.lastCheckedOutBy = lastCheckedOutBy
    }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(title: try fields.optionalString(CodingKeys.title), author: try fields.optionalString(CodingKeys.author),
                  publisher: try fields.optionalString(CodingKeys.publisher), categories: try fields.optionalString(CodingKeys.categories),
                  isbn: try fields.optionalString(CodingKeys.isbn), lastCheckedOutBy: try fields.optionalString(CodingKeys.lastCheckedOutBy))
    }

    /// A new book's form: what is not given is empty.
    public var form: BookForm {
        BookForm(title: title ?? "", author: author ?? "", publisher: publisher ?? "", categories: categories ?? "", isbn: isbn ?? "")
    }

    /// The changes to a book: what is not given stays as it is.
    public var changes: BookChanges {
        BookChanges(title: title, author: author, publisher: publisher, categories: categories, isbn: isbn)
    }
}
