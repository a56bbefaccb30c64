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

extension String: JSONValueDecodable {
    /// A string, so that arrays of strings read through `JSONFields.array(of:_:)`.
    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        self = try Scalar.string(json, codingPath)
    }
}
