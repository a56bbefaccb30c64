import Foundation

/// A response as app cores need it: status, headers (names in lower case) and body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// One value per header name (the first, when a name is repeated).
    public var headers: [String: String]
    /// Every header line in order, names in lower case: what repeats (`Set-Cookie`) is all here.
    public var fields: [HTTPHeaderField]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], fields: [HTTPHeaderField]? = nil, body: Data) {
        self.status = status
        self.headers = headers
        self.fields = fields ?? headers.map { HTTPHeaderField(name: $0.key, value: $0.value) }
        self.body = body
    }

    /// Every value of a header, in order (`name` in lower case).
    public func values(of name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }
}
