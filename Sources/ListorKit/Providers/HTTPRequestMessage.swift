import Foundation

/// A request as app cores send it: method, URL, headers and body.
public struct HTTPRequestMessage: Sendable, Hashable {
    public var method: String
    public var url: URL
    /// Header names as written; the transport adds `User-Agent`.
    public var headers: [String: String]
    public var body: Data?
    /// The address to connect to for the URL's host name, instead of resolving it again: the
    /// one the address guard checked, so that a name that answers otherwise the second time
    /// (DNS rebinding) still reaches only what was checked.
    public var connectAddress: IPAddress?

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil, connectAddress: IPAddress? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.connectAddress = connectAddress
    }
}
