import Foundation
import ListorKit
import Tagged

/// Books and loans as the Prolific API writes them: `{"id": 1, "title": …, "author": …,
/// "publisher": …, "categories": "a, b", "lastCheckedOut": "2026-11-03 16:06:00" (UTC) or null,
/// "lastCheckedOutBy": name or null, "url": "/books/1"}`, plus Listor's `isbn`, `version`, and
/// the open `loan`, the `holdShelf` hold it is set aside for (`CirculationJSON`'s hold), the
/// `cover`'s address and its `colors` (null while a service's cover has not been fetched). Reading them back is `Book` and `Loan`'s `JSONValueDecodable` conformance.
public enum BookJSON {
    /// The book; `colors` are its cover's when known beyond what the book carries. Visitors are
    /// not told who has it or had it: `lastCheckedOutBy` is null, the loan has no borrower.
    public static func value(_ book: Book, colors: CoverColors? = nil, audience: Audience = .staff, adding extra: [(String, JSONValue)] = []) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func date(_ value: Date?) -> JSONValue { value.map { .string(LibraryDate.text($0)) } ?? .null }
        return .members([
            ("id", .number(Double(book.id.rawValue))), ("title", .string(book.title)), ("author", .string(book.author)),
            ("publisher", text(book.publisher)), ("categories", text(book.categories)),
            ("lastCheckedOut", date(book.lastCheckedOut)), ("lastCheckedOutBy", audience == .staff ? text(book.lastCheckedOutBy) : .null),
            ("url", .string("/books/\(book.id.rawValue)")), ("isbn", text(book.isbn)), ("version", .number(Double(book.version))),
            ("loan", book.loan.map { audience == .staff ? value($0) : whenDue($0) } ?? .null),
            ("holdShelf", book.shelfHold.map { CirculationJSON.value($0, place: 1, audience: audience) } ?? .null), ("cover", .string(CoverRendition.medium.path(of: book))),
            ("colors", (colors ?? book.coverColors).map(value) ?? .null),
        ] + extra)
    }

    /// `{"background": "#1F2A44", "primary": "#FFFFFF", "secondary": …, "detail": …}`.
    public static func value(_ colors: CoverColors) -> JSONValue {
        .members([("background", .string(colors.background.hex)), ("primary", .string(colors.primary.hex)),
                  ("secondary", .string(colors.secondary.hex)), ("detail", .string(colors.detail.hex))])
    }

    /// A loan as visitors see it: that the book is out, and until when.
    static func whenDue(_ loan: Loan) -> JSONValue {
        .members([("bookId", .number(Double(loan.bookID.rawValue))), ("due", .string(LibraryDate.text(loan.due))), ("renewals", .number(Double(loan.renewals)))])
    }

    public static func value(_ loan: Loan) -> JSONValue {
        .members([
            ("id", .number(Double(loan.id.rawValue))), ("bookId", .number(Double(loan.bookID.rawValue))), ("borrower", .string(loan.borrower)),
            ("checkedOut", .string(LibraryDate.text(loan.checkedOut))), ("due", .string(LibraryDate.text(loan.due))),
            ("returned", loan.returned.map { .string(LibraryDate.text($0)) } ?? .null),
            ("patronId", loan.patronID.map { .number(Double($0.rawValue)) } ?? .null), ("renewals", .number(Double(loan.renewals))),
        ])
    }

    /// A date field in the API's format, or a decoding error naming the field.
    static func date(_ fields: JSONFields, _ key: some CodingKey) throws -> Date? {
        guard let text = try fields.optionalString(key) else { return nil }
        guard let date = LibraryDate.date(text) else { throw fields.invalid(key, "\"\(text.prefix(30))\" is not a yyyy-MM-dd HH:mm:ss date") }
        return date
    }
}

extension Book: JSONValueDecodable {
    private enum Key: String, CodingKey {
        case id, title, author, publisher, categories, isbn, lastCheckedOut, lastCheckedOutBy, version, loan, holdShelf
    }

    /// A book from a Prolific-compatible server: the original fields are required, Listor's optional.
    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(
            id: ID(rawValue: try fields.integer(Int64.self, Key.id)), title: try fields.string(Key.title), author: try fields.string(Key.author),
            publisher: try fields.optionalString(Key.publisher), categories: try fields.optionalString(Key.categories), isbn: try fields.optionalString(Key.isbn),
            lastCheckedOut: try BookJSON.date(fields, Key.lastCheckedOut), lastCheckedOutBy: try fields.optionalString(Key.lastCheckedOutBy),
            version: try fields.optionalInteger(Int.self, Key.version) ?? 1, loan: try fields.optionalDecode(Loan.self, Key.loan),
            shelfHold: try fields.optionalDecode(Hold.self, Key.holdShelf))
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }
}

extension Loan: JSONValueDecodable {
    private enum Key: String, CodingKey {
        case id, bookId, borrower, checkedOut, due, returned, patronId, renewals
    }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        guard let due = try BookJSON.date(fields, Key.due) else { throw fields.invalid(Key.due, "missing") }
        // A server with an admin token tells a request without it only that the book is out
        // and until when (`BookJSON.whenDue`): no borrower, and so no loan of theirs to name.
        let isWhenDue = !fields.contains(Key.borrower) && !fields.contains(Key.id)
        guard let checkedOut = try BookJSON.date(fields, Key.checkedOut) ?? (isWhenDue ? Date.distantPast : nil) else { throw fields.invalid(Key.checkedOut, "missing") }
        self.init(id: ID(rawValue: isWhenDue ? 0 : try fields.integer(Int64.self, Key.id)), bookID: Book.ID(rawValue: try fields.integer(Int64.self, Key.bookId)),
                  borrower: isWhenDue ? "" : try fields.string(Key.borrower), patronID: try fields.optionalInteger(Int64.self, Key.patronId).map(Patron.ID.init(rawValue:)),
                  checkedOut: checkedOut, due: due, returned: try BookJSON.date(fields, Key.returned),
                  renewals: try fields.optionalInteger(Int.self, Key.renewals) ?? 0)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }
}
