/// Decodes `Decodable` types from a `JSONValue`.
///
/// Its `DecodingError`s say what was expected and what was found (`expected a number, found
/// the string "45V"`), so `Problem(decodingError:)` can hand them to people unchanged.
public struct JSONValueDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        if let direct = T.self as? any JSONValueDecodable.Type, let decoded = try direct.init(json: value, codingPath: []) as? T {
            return decoded
        }
        return try T(from: ValueDecoder(value: value, codingPath: []))
    }

    /// Parses `bytes` and decodes `T`; syntax errors come as `JSONSyntaxError`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try decode(type, from: try JSONParser.parse(bytes))
    }
}

// MARK: - Decoder

struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(
                JSONObject.self, .init(codingPath: codingPath, debugDescription: "expected an object, found \(value.summary)"))
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch(
                [JSONValue].self, .init(codingPath: codingPath, debugDescription: "expected an array, found \(value.summary)"))
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }
}

// MARK: - Keyed

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(for: key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Scalar.bool(value(for: key), path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try Scalar.string(value(for: key), path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Scalar.double(value(for: key), path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try Scalar.double(value(for: key), path(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try Scalar.integer(type, value(for: key), path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try Scalar.integer(type, value(for: key), path(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try Scalar.decode(type, value(for: key), path(key))
    }

    /// Missing and null both mean "absent", as with Foundation's decoder.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return try Scalar.decode(type, value, path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: value(for: key), codingPath: path(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: value(for: key), codingPath: path(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: object["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: path(key))
    }
}

// MARK: - Unkeyed

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> (JSONValue, [any CodingKey]) {
        let path = codingPath + [IndexKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = elements[currentIndex] {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try Scalar.decode(type, value, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next(JSONObject.self)
        return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([JSONValue].self)
        return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(JSONValue.self)
        return ValueDecoder(value: value, codingPath: path)
    }
}

// MARK: - Single value

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try Scalar.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try Scalar.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Scalar.double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try Scalar.double(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalar.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalar.integer(type, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Scalar.decode(type, value, codingPath) }
}
