import Library

/// What the patrons' page forms send: the CSRF token, the version the form was filled from, a
/// patron's fields, and for a merge the patron merged in.
struct PatronPageForm: CSRFProtectedForm {
    var csrf: String?
    var version: String?
    var from: String?
    /// The desk's checkout: a book's id or ISBN, and its due date.
    var book: String?
    var due: String?
    /// Every field of the page's form, the whole record: "No reminders by email" is sent only
    /// when ticked, so that nil is reminders on.
    var patron: PatronForm

    enum CodingKeys: String, CodingKey, CaseIterable {
        case csrf, version, from, book, due
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        csrf = try container.decodeIfPresent(String.self, forKey: .csrf)
        version = try container.decodeIfPresent(String.self, forKey: .version)
        from = try container.decodeIfPresent(String.self, forKey: .from)
        book = try container.decodeIfPresent(String.self, forKey: .book)
        due = try container.decodeIfPresent(String.self, forKey: .due)
        patron = try PatronForm(from: decoder, also: CodingKeys.allCases.map(\.rawValue))
    }
}
