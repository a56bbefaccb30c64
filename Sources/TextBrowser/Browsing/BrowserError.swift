import Foundation
import ListorKit

/// Why a page could not be shown; every message is one line that names the URL and the reason.
public enum BrowserError: Error, Sendable, Hashable, CustomStringConvertible {
    case network(NetworkError)
    /// More redirects than the browser follows; the hops it took.
    case tooManyRedirects(hops: [URL], limit: Int)
    case redirectLoop(hops: [URL])
    case badRedirect(url: URL, location: String)
    /// A web page's redirect to a `file:` URL, which would read the reader's own files.
    case redirectToFile(url: URL, target: URL)
    case unsupportedScheme(url: URL)
    /// An address a server was asked to read that is not http or https (a local file, say).
    case notWebAddress(url: URL)
    /// An address longer than a server reads.
    case addressTooLong(length: Int, limit: Int)
    case file(url: URL, reason: String)
    /// A response that is not text (an image, an archive).
    case notText(url: URL, contentType: String)
    case invalidAddress(String)
    /// The reader stopped the load (Ctrl-C).
    case cancelled(url: URL)

    public var description: String {
        switch self {
        case .network(let error):
            error.description
        case .tooManyRedirects(let hops, let limit):
            "\(hops[0].absoluteString): more than \(limit) redirects: \(Self.chain(hops))"
        case .redirectLoop(let hops):
            "\(hops[0].absoluteString): redirect loop: \(Self.chain(hops))"
        case .badRedirect(let url, let location):
            "\(url.absoluteString): redirected to \"\(location)\", which is not a URL"
        case .redirectToFile(let url, let target):
            "\(url.absoluteString): redirected to \(target.absoluteString), a local file, which only an address typed by the reader may open"
        case .unsupportedScheme(let url):
            "\(url.absoluteString): \(url.scheme ?? "this kind of") links cannot be opened here (only http, https and file)"
        case .notWebAddress(let url):
            "\(url.absoluteString.prefix(200)): only http and https addresses can be read from this server"
        case .addressTooLong(let length, let limit):
            "the address is \(length) characters long; this server reads addresses of up to \(limit)"
        case .file(let url, let reason):
            "\(url.absoluteString): \(reason)"
        case .notText(let url, let contentType):
            "\(url.absoluteString): is \(contentType), not a page that can be shown as text"
        case .invalidAddress(let text):
            "\"\(text)\" is not a URL or a host name"
        case .cancelled(let url):
            "\(url.absoluteString): cancelled"
        }
    }

    private static func chain(_ hops: [URL]) -> String {
        hops.map(\.absoluteString).joined(separator: " → ")
    }
}
