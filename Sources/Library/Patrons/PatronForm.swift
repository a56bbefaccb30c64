import ListorKit

/// A patron as someone typed it into a form or a request: every field raw. `validated()` checks
/// them all at once: a name required, a card of letters, digits and dashes, an email address
/// and a phone number that can be used, lengths bounded.
public struct PatronForm: Sendable, Hashable {
    public var name: String
    public var card: String
    public var email: String
    public var phone: String
    public var notes: String
    public var remindersOff: Bool

    public static let maximumNameLength = BookForm.maximumNameLength
    public static let maximumCardLength = 40
    public static let maximumNotesLength = 2000

    public init(name: String = "", card: String = "", email: String = "", phone: String = "", notes: String = "", remindersOff: Bool = false) {
        self.name = name
        self.card = card
        self.email = email
        self.phone = phone
        self.notes = notes
        self.remindersOff = remindersOff
    }

    /// The form as a patron already has it, for editing.
    public init(_ patron: Patron) {
        self.init(name: patron.name, card: patron.card ?? "", email: patron.email ?? "", phone: patron.phone ?? "", notes: patron.notes ?? "",
                  remindersOff: patron.remindersOff)
    }

    /// The checked fields, or every problem at once, a message per field.
    public func validated() -> Result<PatronFields, FieldErrors> {
        var errors: [FieldError] = []
        func text(_ value: String, _ field: String, required: Bool = false, limit: Int) -> String? {
            TextInput.text(value, field, required: required, limit: limit, errors: &errors)
        }
        let name = text(name, "name", required: true, limit: Self.maximumNameLength)
        var card = text(card, "card", limit: Self.maximumCardLength)
        if let given = card, !given.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }) {
            errors.append(FieldError(field: "card", message: "\"\(given)\" has characters other than letters, digits and dashes"))
            card = nil
        }
        let email = TextInput.email(email, "email", required: false, errors: &errors)
        var phone = text(phone, "phone", limit: 40)
        if let given = phone, !given.allSatisfy({ $0.isASCII && ($0.isNumber || " +-().".contains($0)) }) || !given.contains(where: \.isNumber) {
            errors.append(FieldError(field: "phone", message: "\"\(given)\" is not a phone number (digits, spaces and + - ( ) . only)"))
            phone = nil
        }
        let notes = text(notes, "notes", limit: Self.maximumNotesLength)
        guard errors.isEmpty, let name else { return .failure(FieldErrors(errors)) }
        return .success(PatronFields(name: name, card: card, email: email, phone: phone, notes: notes, remindersOff: remindersOff))
    }
}
