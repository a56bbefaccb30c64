import Hummingbird
import Library
import ListorKit

enum LibraryTargets {
    /// The library API's JSON body: a book body or field errors, and its form checks idempotent.
    static let jsonBody = FuzzTarget(name: "library-json", summary: "the library API's JSON bodies; each field read or refused by name, validation idempotent") { bytes in
        guard let json = try? JSONParser.parse(bytes), let body = try? BookBody(json: json, codingPath: []) else { return }
        checkForm(body.form, borrower: body.lastCheckedOutBy)
    }

    /// The library's form-encoded bodies, as the original clients send them.
    static let formBody = FuzzTarget(name: "library-form", summary: "the library's form-encoded bodies (Hummingbird's decoder); validation idempotent") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        guard let body = try? URLEncodedFormDecoder().decode(BookBody.self, from: text) else { return }
        checkForm(body.form, borrower: body.lastCheckedOutBy)
    }

    /// What validation accepts, validated again, is the same; what it stores holds no hidden character.
    static func checkForm(_ form: BookForm, borrower: String? = nil) {
        guard case .success(let (fields, name)) = form.validated(borrower: borrower) else { return }
        let again = BookForm(title: fields.title, author: fields.author, publisher: fields.publisher ?? "", categories: fields.categories ?? "", isbn: fields.isbn ?? "")
        guard case .success(let (fieldsAgain, nameAgain)) = again.validated(borrower: name) else { fatalError("invariant broken: valid fields do not validate again: \(fields)") }
        require(fieldsAgain == fields && nameAgain == name, "validation is not idempotent: \(fields) → \(fieldsAgain)")
        for text in [fields.title, fields.author, fields.publisher ?? "", fields.categories ?? "", name ?? ""] {
            require(HiddenCharacter.first(in: text) == nil, "stored text holds a hidden character: \(text.debugDescription)")
        }
    }
}
