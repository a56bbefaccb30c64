import Library

/// What the library's page forms send: the CSRF token, the version the form was filled from,
/// a book's fields, a borrower, the admin token. Decoded by `URLEncodedFormDecoder`.
struct LibraryPageForm: Decodable {
    var csrf: String?
    var version: String?
    var title: String?
    var author: String?
    var publisher: String?
    var categories: String?
    var isbn: String?
    var borrower: String?
    var adminToken: String?

    enum CodingKeys: String, CodingKey {
        case csrf, version, title, author, publisher, categories, isbn, borrower
        case adminToken = "admin_token"
    }

    var bookForm: BookForm {
        BookForm(title: title ?? "", author: author ?? "", publisher: publisher ?? "", categories: categories ?? "", isbn: isbn ?? "")
    }

    /// The version the form was filled from; nil when absent or not a number.
    var versionNumber: Int? { version.flatMap { Int($0) } }
}
