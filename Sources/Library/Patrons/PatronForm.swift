import ListorKit

/// A patron as someone gave it — a page's form, a request's body (`POST /patrons`, `PUT
/// /patrons/{id}`, as JSON or as a form), the command line's options, a CSV line: each field
/// as typed, nil where not given. `changing(_:)` fills what was not given from a patron's
/// record; `validated()` checks every field at once: a name required, a card of letters, digits
/// and dashes, an email address and a phone number that can be used, a postal address that fits
/// a window envelope, a category's name, lengths bounded.
///
/// A request's field that is not a patron's is refused by name; those a patron's JSON has that
/// cannot be written (`id`, `version`, `url`) are let through, so that a client may send back
/// what it read.
public struct PatronForm: Sendable, Hashable, JSONValueDecodable, Decodable {
    public var name: String?
    public var card: String?
    public var email: String?
    public var phone: String?
    public var notes: String?
    public var address: String?
    public var category: String?
    public var remindersOff: Bool?

    public static let maximumNameLength = BookForm.maximumNameLength
    public static let maximumCardLength = 40
    public static let maximumNotesLength = 2000
    /// A window envelope shows six lines: the name, and five of address.
    public static let maximumAddressLines = 5
    /// What a line of a window envelope's 85 mm holds.
    public static let maximumAddressLineLength = 50

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, card, email, phone, notes, address, category, remindersOff
    }

    public init(name: String? = nil, card: String? = nil, email: String? = nil, phone: String? = nil, notes: String? = nil, address: String? = nil,
                category: String? = nil, remindersOff: Bool? = nil) {
        self.name = name
        self.card = card
        self.email = email
        self.phone = phone
        self.notes = notes
        self.address = address
        self.category = category
        self.remindersOff = remindersOff
    }

    /// The form as a patron already has it, for editing.
    public init(_ patron: Patron) {
        self.init(name: patron.name, card: patron.card ?? "", email: patron.email ?? "", phone: patron.phone ?? "", notes: patron.notes ?? "",
                  address: patron.address ?? "", category: patron.category ?? "", remindersOff: patron.remindersOff)
    }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        try BodyFields.check(Array(fields.object.keys), fields: CodingKeys.allCases.map(\.rawValue), readOnly: ["id", "version", "url"], of: "a patron",
                             codingPath: codingPath)
        self.init(name: try fields.optionalString(CodingKeys.name), card: try fields.optionalString(CodingKeys.card),
                  email: try fields.optionalString(CodingKeys.email), phone: try fields.optionalString(CodingKeys.phone),
                  notes: try fields.optionalString(CodingKeys.notes), address: try fields.optionalString(CodingKeys.address),
                  category: try fields.optionalString(CodingKeys.category),
                  remindersOff: fields.contains(CodingKeys.remindersOff) ? try fields.bool(CodingKeys.remindersOff) : nil)
    }

    /// A form's fields; names in `also` belong to the page the form is on.
    public init(from decoder: any Decoder, also: [String]) throws {
        let container = try decoder.container(keyedBy: AnyJSONKey.self)
        try BodyFields.check(container.allKeys.map(\.stringValue), fields: CodingKeys.allCases.map(\.rawValue), readOnly: Set(also + ["id", "version", "url"]),
                             of: "a patron", codingPath: decoder.codingPath)
        func text(_ key: CodingKeys) throws -> String? { try container.decodeIfPresent(String.self, forKey: AnyJSONKey(key.rawValue)) }
        // A form's checkbox is sent only when ticked.
        let off = try text(.remindersOff).map { ["on", "true", "1", "yes"].contains($0.lowercased()) }
        self.init(name: try text(.name), card: try text(.card), email: try text(.email), phone: try text(.phone), notes: try text(.notes),
                  address: try text(.address), category: try text(.category), remindersOff: off)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, also: [])
    }

    /// `patron` changed by what was given.
    public func changing(_ patron: Patron) -> PatronForm {
        let old = PatronForm(patron)
        return PatronForm(name: name ?? old.name, card: card ?? old.card, email: email ?? old.email, phone: phone ?? old.phone, notes: notes ?? old.notes,
                          address: address ?? old.address, category: category ?? old.category, remindersOff: remindersOff ?? old.remindersOff)
    }

    /// The checked fields, what was not given empty, or every problem at once, a message per field.
    public func validated() -> Result<PatronFields, FieldErrors> {
        var errors: [FieldError] = []
        func text(_ value: String?, _ field: String, required: Bool = false, limit: Int) -> String? {
            TextInput.text(value ?? "", field, required: required, limit: limit, errors: &errors)
        }
        let name = text(name, "name", required: true, limit: Self.maximumNameLength)
        var card = text(card, "card", limit: Self.maximumCardLength)
        if let given = card, !given.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }) {
            errors.append(FieldError(field: "card", message: "\"\(given)\" has characters other than letters, digits and dashes"))
            card = nil
        }
        let email = TextInput.email(email ?? "", "email", required: false, errors: &errors)
        var phone = text(phone, "phone", limit: 40)
        if let given = phone, !given.allSatisfy({ $0.isASCII && ($0.isNumber || " +-().".contains($0)) }) || !given.contains(where: \.isNumber) {
            errors.append(FieldError(field: "phone", message: "\"\(given)\" is not a phone number (digits, spaces and + - ( ) . only)"))
            phone = nil
        }
        let notes = text(notes, "notes", limit: Self.maximumNotesLength)
        var address = TextInput.text(address ?? "", "address", required: false, limit: 1000, multiline: true, errors: &errors)
        if let lines = address?.split(separator: "\n") {
            address = lines.joined(separator: "\n")
            if lines.count > Self.maximumAddressLines {
                errors.append(FieldError(field: "address", message: "has \(lines.count) lines; a window envelope shows the name and \(Self.maximumAddressLines) more"))
            } else if let long = lines.first(where: { $0.count > Self.maximumAddressLineLength }) {
                errors.append(FieldError(field: "address", message: "the line \"\(long.prefix(60))\" is \(long.count) characters long; a window envelope's line holds \(Self.maximumAddressLineLength)"))
            }
        }
        let category = text(category, "category", limit: PatronCategory.maximumNameLength)
        if let given = category, !PatronCategory.isName(given) {
            errors.append(FieldError(field: "category", message: "\"\(given)\" has characters other than letters, digits and dashes"))
        }
        guard errors.isEmpty, let name else { return .failure(FieldErrors(errors)) }
        return .success(PatronFields(name: name, card: card, email: email, phone: phone, notes: notes, address: address, category: category,
                                     remindersOff: remindersOff ?? false))
    }
}
