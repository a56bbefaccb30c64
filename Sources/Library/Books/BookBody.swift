import ListorKit

/// A book as a request sends it (`POST /books`, `PUT /books/{id}`), as JSON or as a form: each
/// field a string, or absent (or null) for "not given". `lastCheckedOutBy` checks the book out,
/// as the original clients did; `patron` (an id) or `card` checks it out to a patron, until `due`.
///
/// JSON bodies are read through `JSONFields`, so that `{"title": 5}` is refused naming the
/// field; form bodies through `Decodable`. A field that is not a book's (`titel`) is refused by
/// name in either; the fields a book's JSON has that cannot be written (`id`, `url`, `version`…)
/// are let through, so that a client may send back a book as it read it.
public struct BookBody: Sendable, Hashable, JSONValueDecodable {
    public var title: String?
    public var author: String?
    public var publisher: String?
    public var categories: String?
    public var isbn: String?
    public var lastCheckedOutBy: String?
    /// A checkout to a patron, by id or by card, until `due` when given.
    public var patron: String?
    public var card: String?
    public var due: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, author, publisher, categories, isbn, lastCheckedOutBy, patron, card, due
    }

    /// The members of `BookJSON`'s book that a body may carry and that are not written.
    static let readOnly: Set<String> = ["id", "lastCheckedOut", "url", "version", "loan", "holdShelf", "cover", "colors"]

    public init(title: String? = nil, author: String? = nil, publisher: String? = nil, categories: String? = nil, isbn: String? = nil,
                lastCheckedOutBy: String? = nil, patron: String? = nil, card: String? = nil, due: String? = nil) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
        self.lastCheckedOutBy = lastCheckedOutBy
        self.patron = patron
        self.card = card
        self.due = due
    }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        try Self.checkNames(fields.object.keys, codingPath: codingPath)
        self.init(title: try fields.optionalString(CodingKeys.title), author: try fields.optionalString(CodingKeys.author),
                  publisher: try fields.optionalString(CodingKeys.publisher), categories: try fields.optionalString(CodingKeys.categories),
                  isbn: try fields.optionalString(CodingKeys.isbn), lastCheckedOutBy: try fields.optionalString(CodingKeys.lastCheckedOutBy),
                  patron: try fields.optionalInteger(Int64.self, CodingKeys.patron).map(String.init), card: try fields.optionalString(CodingKeys.card),
                  due: try fields.optionalString(CodingKeys.due))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyJSONKey.self)
        try Self.checkNames(container.allKeys.map(\.stringValue), codingPath: decoder.codingPath)
        func text(_ key: CodingKeys) throws -> String? { try container.decodeIfPresent(String.self, forKey: AnyJSONKey(key.rawValue)) }
        self.init(title: try text(.title), author: try text(.author), publisher: try text(.publisher), categories: try text(.categories),
                  isbn: try text(.isbn), lastCheckedOutBy: try text(.lastCheckedOutBy), patron: try text(.patron), card: try text(.card), due: try text(.due))
    }

    /// Refuses the first name that is no field of a book, listing those that can be written.
    private static func checkNames(_ names: [String], codingPath: [any CodingKey]) throws {
        try BodyFields.check(names, fields: CodingKeys.allCases.map(\.rawValue), readOnly: readOnly, of: "a book", codingPath: codingPath)
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
