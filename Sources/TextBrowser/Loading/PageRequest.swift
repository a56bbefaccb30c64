import Foundation

/// What the browser asks for: a URL, and for a form sent by POST its body.
public struct PageRequest: Sendable, Hashable {
    public var url: URL
    public var method: String
    public var body: Data?
    public var contentType: String?

    public init(url: URL, method: String = "GET", body: Data? = nil, contentType: String? = nil) {
        self.url = url
        self.method = method
        self.body = body
        self.contentType = contentType
    }
}
