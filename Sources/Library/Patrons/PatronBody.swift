import ListorKit

/// A patron as a request sends it (`POST /patrons`, `PUT /patrons/{id}`), as JSON or as a form.
/// A field that is not a patron's is refused by name; those a patron's JSON has that cannot be
/// written (`id`, `version`, `url`) are let through, so that a client may send back what it read.
public struct PatronBody: Sendable, Hashable, JSONValueDecodable {
    public var name: String?
    public var card: String?
    public var email: String?
    public var phone: String?
    public var notes: String?
    public var remindersOff: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, card, email, phone, notes, remindersOff
    }

    static let readOnly: Set<String> = ["id", "version", "url"]

    public init(name: String? = nil, card: String? = nil, email: String? = nil, phone: String? = nil, notes: String? = nil, remindersOff: Bool? = nil) {
        self.name = name
        self.card = card
        self.email = email
        self.phone = phone
        self.notes = notes
        self.remindersOff = remindersOff
    }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        try Self.checkNames(fields.object.keys, codingPath: codingPath)
        self.init(name: try fields.optionalString(CodingKeys.name), card: try fields.optionalString(CodingKeys.card),
                  email: try fields.optionalString(CodingKeys.email), phone: try fields.optionalString(CodingKeys.phone),
                  notes: try fields.optionalString(CodingKeys.notes),
                  remindersOff: fields.contains(CodingKeys.remindersOff) ? try fields.bool(CodingKeys.remindersOff) : nil)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyJSONKey.self)
        try Self.checkNames(container.allKeys.map(\.stringValue), codingPath: decoder.codingPath)
        func text(_ key: CodingKeys) throws -> String? { try container.decodeIfPresent(String.self, forKey: AnyJSONKey(key.rawValue)) }
        // A form's checkbox is sent only when ticked.
        let off = try text(.remindersOff).map { ["on", "true", "1", "yes"].contains($0.lowercased()) }
        self.init(name: try text(.name), card: try text(.card), email: try text(.email), phone: try text(.phone), notes: try text(.notes), remindersOff: off)
    }

    private static func checkNames(_ names: [String], codingPath: [any CodingKey]) throws {
        try BodyFields.check(names, fields: CodingKeys.allCases.map(\.rawValue), readOnly: readOnly, of: "a patron", codingPath: codingPath)
    }

    /// The form a new patron, or `patron` changed by what is given.
    public func form(changing patron: Patron? = nil) -> PatronForm {
        let old = patron.map(PatronForm.init) ?? PatronForm()
        return PatronForm(name: name ?? old.name, card: card ?? old.card, email: email ?? old.email, phone: phone ?? old.phone, notes: notes ?? old.notes,
                          remindersOff: remindersOff ?? old.remindersOff)
    }
}
