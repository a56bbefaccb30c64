import Foundation

/// A response the browser got at the end of its redirects: where it ended, what it is.
public struct LoadedResource: Sendable, Hashable {
    /// The final URL, after redirects.
    public var url: URL
    public var status: Int
    public var contentType: String?
    public var body: [UInt8]
    /// The URLs before the final one, in the order they were visited.
    public var redirects: [URL]

    public init(url: URL, status: Int, contentType: String?, body: [UInt8], redirects: [URL] = []) {
        self.url = url
        self.status = status
        self.contentType = contentType
        self.body = body
        self.redirects = redirects
    }
}
