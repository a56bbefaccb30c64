import Foundation
import ListorKit

/// Books and loans as the Prolific API writes them: `{"id": 1, "title": …, "author": …,
/// "publisher": …, "categories": "a, b", "lastCheckedOut": "2026-11-03 16:06:00" (UTC) or null,
/// "lastCheckedOutBy": name or null, "url": "/books/1"}`, plus Listor's `isbn`, `version`, and
/// the open loan's `borrower` and `due`.
public enum BookJSON {
    public static func value(_ book: Book) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func date(_ value: Date?) -> JSONValue { value.map { .string(LibraryDate.text($0)) } ?? .null }
        return .members([
            ("id", .number(Double(book.id))), ("title", .string(book.title)), ("author", .string(book.author)),
            ("publisher", text(book.publisher)), ("categories", text(book.categories)),
            ("lastCheckedOut", date(book.lastCheckedOut)), ("lastCheckedOutBy", text(book.lastCheckedOutBy)),
            ("url", .string("/books/\(book.id)")), ("isbn", text(book.isbn)), ("version", .number(Double(book.version))),
            ("loan", book.loan.map(value) ?? .null),
        ])
    }

    public static func value(_ loan: Loan) -> JSONValue {
        .members([
            ("id", .number(Double(loan.id))), ("bookId", .number(Double(loan.bookID))), ("borrower", .string(loan.borrower)),
            ("checkedOut", .string(LibraryDate.text(loan.checkedOut))), ("due", .string(LibraryDate.text(loan.due))),
            ("returned", loan.returned.map { .string(LibraryDate.text($0)) } ?? .null),
        ])
    }

    /// A book from a Prolific-compatible server: the original fields are required, Listor's optional.
    public static func book(_ json: JSONValue) throws(FieldErrors) -> Book {
        var errors: [FieldError] = []
        func string(_ key: String, required: Bool) -> String? {
            switch json[key] {
            case .string(let value): return value
            case .null?, nil:
                if required { errors.append(FieldError(field: key, message: "is missing")) }
                return nil
            case let other?:
                errors.append(FieldError(field: key, message: "is \(other.summary), not a string"))
                return nil
            }
        }
        func integer(_ key: String) -> Int64? {
            guard case .number(let value)? = json[key], let integer = Int64(exactly: value) else { return nil }
            return integer
        }
        guard case .object = json else { throw FieldErrors([FieldError(field: "book", message: "is \(json.summary), not an object")]) }
        guard let id = integer("id") else { throw FieldErrors([FieldError(field: "id", message: "is missing or not a whole number")]) }
        let title = string("title", required: true)
        let author = string("author", required: true)
        let publisher = string("publisher", required: false)
        let categories = string("categories", required: false)
        let isbn = string("isbn", required: false)
        let lastCheckedOutBy = string("lastCheckedOutBy", required: false)
        var lastCheckedOut: Date?
        if let text = string("lastCheckedOut", required: false) {
            lastCheckedOut = LibraryDate.date(text)
            if lastCheckedOut == nil { errors.append(FieldError(field: "lastCheckedOut", message: "\"\(text)\" is not a yyyy-MM-dd HH:mm:ss date")) }
        }
        var loan: Loan?
        if let loanJSON = json["loan"], case .object = loanJSON { loan = try? self.loan(loanJSON) }
        guard errors.isEmpty, let title, let author else { throw FieldErrors(errors) }
        return Book(id: id, title: title, author: author, publisher: publisher, categories: categories, isbn: isbn,
                    lastCheckedOut: lastCheckedOut, lastCheckedOutBy: lastCheckedOutBy, version: integer("version").map(Int.init) ?? 1, loan: loan)
    }

    public static func loan(_ json: JSONValue) throws(FieldErrors) -> Loan {
        func number(_ key: String) -> Int64? {
            guard case .number(let value)? = json[key] else { return nil }
            return Int64(exactly: value)
        }
        func date(_ key: String) -> Date? { json[key]?.stringValue.flatMap(LibraryDate.date) }
        guard let id = number("id"), let bookID = number("bookId"), let borrower = json["borrower"]?.stringValue,
              let checkedOut = date("checkedOut"), let due = date("due") else {
            throw FieldErrors([FieldError(field: "loan", message: "needs id, bookId, borrower, checkedOut and due")])
        }
        return Loan(id: id, bookID: bookID, borrower: borrower, checkedOut: checkedOut, due: due, returned: date("returned"))
    }
}

/// "2026-11-03 16:06:00" in UTC: how the Prolific API writes dates.
public enum LibraryDate {
    public static func text(_ date: Date) -> String {
        DateText.dateTime(date, timeZone: utc, seconds: true)
    }

    static let utc = TimeZone(identifier: "UTC")!

    public static func date(_ text: String) -> Date? {
        DateText.parse(text, timeZone: utc)
    }
}
