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
    /// A checkout's due date (`2026-12-01`), and the patron a hold is for (card or name).
    var due: String?
    var holder: String?
    /// "on" when the checkout's "A new patron" is ticked: the borrower is made a patron.
    var newPatron: String?
    var adminToken: String?
    /// Where the sign-in form goes next.
    var next: String?
    /// "on" when the edit form's "Remove the cover" is ticked.
    var removeCover: String?

    enum CodingKeys: String, CodingKey {
        case csrf, version, title, author, publisher, categories, isbn, borrower, due, holder, next, newPatron
        case adminToken = "admin_token"
        case removeCover = "remove_cover"
    }

    /// The text fields of a multipart form.
    init(_ fields: [String: String]) {
        csrf = fields[CodingKeys.csrf.rawValue]
        version = fields[CodingKeys.version.rawValue]
        title = fields[CodingKeys.title.rawValue]
        author = fields[CodingKeys.author.rawValue]
        publisher = fields[CodingKeys.publisher.rawValue]
        categories = fields[CodingKeys.categories.rawValue]
        isbn = fields[CodingKeys.isbn.rawValue]
        borrower = fields[CodingKeys.borrower.rawValue]
        due = fields[CodingKeys.due.rawValue]
        holder = fields[CodingKeys.holder.rawValue]
        newPatron = fields[CodingKeys.newPatron.rawValue]
        adminToken = fields[CodingKeys.adminToken.rawValue]
        next = fields[CodingKeys.next.rawValue]
        removeCover = fields[CodingKeys.removeCover.rawValue]
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
