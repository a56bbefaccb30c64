/// HTML that is already safe to put into a page: the output of a template, never text
/// that came from a user. A page struct holds one where its template inserts finished markup,
/// such as the rows of a list rendered from their own template.
public struct HTMLFragment: Encodable, Sendable, Equatable {
    public internal(set) var bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Other encoders (the JSON of a test, say) see the markup as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: bytes, as: UTF8.self))
    }
}
