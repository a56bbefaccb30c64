import ListorKit
import Tagged

/// `POST /patrons/{id}/merge`'s body, as JSON or as a form: `from`, the id of the patron whose
/// record becomes one with this one.
public struct MergeBody: Sendable, Hashable, JSONValueDecodable {
    public var from: String?

    private enum Key: String, CodingKey { case from }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        from = try fields.optionalInteger(Int64.self, Key.from).map(String.init)
    }

    public init(from decoder: any Decoder) throws {
        from = try decoder.container(keyedBy: AnyJSONKey.self).decodeIfPresent(String.self, forKey: AnyJSONKey(Key.from.rawValue))
    }

    /// The patron named, or the problem with `from`.
    public func patron() throws(FieldErrors) -> Patron.ID {
        try Self.patron(from)
    }

    /// The patron `from` names, or the problem with it.
    public static func patron(_ from: String?) throws(FieldErrors) -> Patron.ID {
        guard let text = from?.trimmed(), !text.isEmpty else {
            throw FieldErrors([FieldError(field: "from", message: "is required: the id of the patron to merge into this one")])
        }
        guard let id = Int64(text), id > 0 else { throw FieldErrors([FieldError(field: "from", message: "\"\(text.prefix(30))\" is not a patron's id")]) }
        return Patron.ID(rawValue: id)
    }
}
