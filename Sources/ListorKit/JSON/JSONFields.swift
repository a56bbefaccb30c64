

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

    /// A whole number that fits `type`: `1` and `1.0`, not `1.5` or `"1"`.
    public func integer<T: BinaryInteger>(_ type: T.Type, _ key: some CodingKey) throws -> T {
        try Scalar.integer(type, value(key), path(key))
    }

    public func optionalInteger<T: BinaryInteger>(_ type: T.Type, _ key: some CodingKey) throws -> T? {
        contains(key) ? try integer(type, key) : nil
    }

    /// One of an enumeration's raw values, matched without regard to case or surrounding
    /// spaces ("npn" is NPN); the error lists them all.
    public func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ key: some CodingKey) throws -> T where T.RawValue == String {
        let text = try string(key)
        if let exact = T(rawValue: text) { return exact }
        let folded = text.trimmed().lowercased()
        if let match = T.allCases.first(where: { $0.rawValue.lowercased() == folded }) { return match }
        throw invalid(key, "\"\(text)\" is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
    }

    public func optionalChoice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ key: some CodingKey) throws -> T? where T.RawValue == String {
        contains(key) ? try choice(type, key) : nil
    }

    public func bool(_ key: some CodingKey) throws -> Bool {
        try Scalar.bool(value(key), path(key))
    }

    public func decode<T: JSONValueDecodable>(_ type: T.Type, _ key: some CodingKey) throws -> T {
        try T(json: value(key), codingPath: path(key))
    }

    /// An array of `T`, each read at its index, so that errors name `sizes[2].name`.
    public func array<T: JSONValueDecodable>(of type: T.Type, _ key: some CodingKey) throws -> [T] {
        let value = try value(key)
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch([JSONValue].self, .init(codingPath: path(key), debugDescription: "expected an array, found \(value.summary)"))
        }
        return try elements.enumerated().map { index, element in try T(json: element, codingPath: path(key) + [IndexKey(intValue: index)]) }
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
