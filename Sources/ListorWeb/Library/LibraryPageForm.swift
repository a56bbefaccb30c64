import Hummingbird
import Library

/// What the library's page forms send: the CSRF token, the version the form was filled from,
/// a book's fields, a borrower, the admin token. Decoded by `URLEncodedFormDecoder`.
struct LibraryPageForm: CSRFProtectedForm {
    var csrf: String?
    var version: String?
    var title: String?
    var author: String?
    var publisher: String?
    var categories: String?
    var isbn: String?
    var borrower: String?
    var adminToken: String?
    /// Where the sign-in form goes next.
    var next: String?

    enum CodingKeys: String, CodingKey {
        case csrf, version, title, author, publisher, categories, isbn, borrower, next
        case adminToken = "admin_token"
    }

    var bookForm: BookForm {
        BookForm(title: title ?? "", author: author ?? "", publisher: publisher ?? "", categories: categories ?? "", isbn: isbn ?? "")
    }

    /// The version the form was filled from; nil when the form has none. A version that is not
    /// a number did not come from this server's page, and the form is refused rather than saved
    /// without its conflict check.
    func versionNumber() throws -> Int? {
        guard let version, !version.isEmpty else { return nil }
        guard let number = Int(version), number > 0 else {
            throw WebError(.badRequest, title: "Form damaged", message: "The form's version \"\(version.prefix(20))\" is not one this site wrote. Go back, reload the page and try again.")
        }
        return number
    }
}
