/// The scalar reads shared by `JSONValueDecoder`'s containers and `JSONFields`, with their "expected …, found …" errors.
enum Scalar {
    static func bool(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(Bool.self, "true or false", value, path()) }
        return bool
    }

    static func string(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, "a string", value, path()) }
        return string
    }

    static func double(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(Double.self, "a number", value, path()) }
        guard number.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "expected a number, found \(value.summary)"))
        }
        return number
    }

    static func integer<T: BinaryInteger>(_ type: T.Type, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> T {
        let number = try double(value, path())
        guard number.rounded() == number, let integer = T(exactly: number) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: path(), debugDescription: "expected a whole number that fits \(T.self), found \(value.summary)"))
        }
        return integer
    }

    static func mismatch(_ type: Any.Type, _ expected: String, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, .init(codingPath: path(), debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(type, .init(codingPath: path(), debugDescription: "expected \(expected), found \(value.summary)"))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> T {
        // Fast paths keep the common scalar types off the generic `Decoder` machinery.
        if T.self == String.self, let string = try string(value, path()) as? T { return string }
        if T.self == Double.self, let number = try double(value, path()) as? T { return number }
        if T.self == Int.self, let integer = try integer(Int.self, value, path()) as? T { return integer }
        if T.self == Bool.self, let bool = try bool(value, path()) as? T { return bool }
        if T.self == JSONValue.self, let value = value as? T { return value }
        if let direct = T.self as? any JSONValueDecodable.Type, let decoded = try direct.init(json: value, codingPath: path()) as? T {
            return decoded
        }
        return try T(from: ValueDecoder(value: value, codingPath: path()))
    }
}
