import Foundation

/// A parsed JSON document: the values of RFC 8259, with object members kept in source order.
///
/// `JSONParser` produces it and `JSONValueDecoder` decodes `Decodable` types from it; error
/// reports use `summary` to say what was found where something else was expected.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short description for error messages: `the string "NPNX"`, `an object`, `null`.
    public var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value) where !value.isFinite: "a number too large to hold (beyond ±1.8e308)"
        case .number(let value): "the number \(JSONValue.format(value))"
        case .string(let value):
            value.count > 40 ? "the string \"\(value.prefix(40))…\"" : "the string \"\(value)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// A time as every JSON document here writes it: ISO 8601 in UTC to the second, "2026-11-29T04:35:10Z".
    public static func date(_ date: Date) -> JSONValue {
        .string(date.ISO8601Format())
    }

    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}

extension JSONValue {
    /// An object of `members`, in order: `.members([("id", .number(1)), ("title", .string("Dune"))])`.
    public static func members(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members: members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    /// The string, or nil for anything else.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }
}
