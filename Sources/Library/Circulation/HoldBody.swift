import ListorKit

/// `POST /books/{id}/holds`'s body, as JSON or as a form: the patron who holds the book, by id
/// (`patron`) or by card (`card`). Any other field is refused by name.
public struct HoldBody: Sendable, Hashable, JSONValueDecodable {
    public var patron: String?
    public var card: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case patron, card }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        try Self.checkNames(fields.object.keys, codingPath: codingPath)
        patron = try fields.optionalInteger(Int64.self, CodingKeys.patron).map(String.init)
        card = try fields.optionalString(CodingKeys.card)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyJSONKey.self)
        try Self.checkNames(container.allKeys.map(\.stringValue), codingPath: decoder.codingPath)
        patron = try container.decodeIfPresent(String.self, forKey: AnyJSONKey(CodingKeys.patron.rawValue))
        card = try container.decodeIfPresent(String.self, forKey: AnyJSONKey(CodingKeys.card.rawValue))
    }

    private static func checkNames(_ names: [String], codingPath: [any CodingKey]) throws {
        try BodyFields.check(names, fields: CodingKeys.allCases.map(\.rawValue), of: "a hold", codingPath: codingPath)
    }

    /// The patron named, or the problem with the fields.
    public func reference() throws(FieldErrors) -> PatronReference {
        try Self.reference(patron: patron, card: card)
    }

    /// The patron an id or a card names, or the problem with them.
    public static func reference(patron: String?, card: String?) throws(FieldErrors) -> PatronReference {
        guard let reference = try CirculationDesk.patron(id: patron, card: card) else {
            throw FieldErrors([FieldError(field: "patron", message: "is required: the id of the patron who holds the book (or their card)")])
        }
        return reference
    }
}
