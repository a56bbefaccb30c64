import Foundation

/// A request as app cores send it: method, URL, headers and body.
public struct HTTPRequestMessage: Sendable, Hashable {
    public var method: String
    public var url: URL
    /// Header names as written; the transport adds `User-Agent`.
    public var headers: [String: String]
    public var body: Data?

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
