/// A type that reads itself straight from a parsed `JSONValue`.
///
/// `Decodable` through a `Decoder` costs a container box and generic-metadata lookups per
/// object; catalogs of a million entries read this way several times faster. A conforming type
/// keeps its `Decodable` conformance by delegating to `init(json:codingPath:)` (see
/// `JSONValueDecodable.init(decodingJSONFrom:)`), so there is one implementation either way.
public protocol JSONValueDecodable: Decodable {
    /// Throws `DecodingError` with `codingPath` extended to the failing field.
    init(json: JSONValue, codingPath: [any CodingKey]) throws
}

extension JSONValueDecodable {
    /// The `Decodable` initializer for conforming types: any decoder, Foundation's included.
    public init(decodingJSONFrom decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder), codingPath: decoder.codingPath)
    }
}

/// The members of one JSON object with its coding path: typed reads whose errors name the field.
public struct JSONFields {
    public let object: JSONObject
    public let codingPath: [any CodingKey]

    /// Fails unless `value` is an object.
    public init(_ value: JSONValue, codingPath: [any CodingKey]) throws {
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(JSONObject.self, .init(
                codingPath: codingPath, debugDescription: "expected an object, found \(value.summary)"))
        }
        self.object = object
        self.codingPath = codingPath
    }

    /// Whether `key` is present and not null.
    public func contains(_ key: some CodingKey) -> Bool {
        guard let value = object[key.stringValue] else { return false }
        if case .null = value { return false }
        return true
    }

    public func path(_ key: some CodingKey) -> [any CodingKey] { codingPath + [key] }

    public func value(_ key: some CodingKey) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    public func string(_ key: some CodingKey) throws -> String {
        try Scalar.string(value(key), path(key))
    }

    public func double(_ key: some CodingKey) throws -> Double {
        try Scalar.double(value(key), path(key))
    }

    public func optionalString(_ key: some CodingKey) throws -> String? {
        contains(key) ? try string(key) : nil
    }

    public func decode<T: JSONValueDecodable>(_ type: T.Type, _ key: some CodingKey) throws -> T {
        try T(json: value(key), codingPath: path(key))
    }

    public func optionalDecode<T: JSONValueDecodable>(_ type: T.Type, _ key: some CodingKey) throws -> T? {
        contains(key) ? try decode(type, key) : nil
    }

    /// A `DecodingError` for a present field whose value breaks a rule, e.g. "must not be empty".
    public func invalid(_ key: some CodingKey, _ reason: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: path(key), debugDescription: reason))
    }

    /// A `DecodingError` about the object as a whole.
    public func invalid(_ reason: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason))
    }
}

// MARK: - JSONValue from any decoder

extension JSONValue: Decodable {
    /// Reads whatever JSON a decoder holds. Member order follows the decoder's `allKeys`.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyJSONKey.self) {
            var members: [JSONObject.Member] = []
            for key in keyed.allKeys {
                members.append(JSONObject.Member(key: key.stringValue, value: try keyed.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(members: members))
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}

/// Any member name as a coding key.
public struct AnyJSONKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(_ stringValue: String) { self.stringValue = stringValue }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
