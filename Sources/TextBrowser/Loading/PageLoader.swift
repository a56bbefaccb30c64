import Foundation
import ListorKit

/// Fetches what the browser asks for: http and https through the injected `HTTPTransport`
/// (certificates checked, bodies and time bounded by `limits`), `file:` URLs from the disk.
/// Redirects are followed here, hop by hop, so that each is checked, counted and named; the
/// session's cookies go out with every request and come back from every response.
///
/// A server that reads pages for its visitors gives no jar, so that no visitor's cookies reach
/// another's requests (each load then keeps its own through its redirects), and does not let
/// it read files.
public struct PageLoader: Sendable {
    public static let maximumRedirects = 10

    private let transport: HTTPTransport
    private let cookies: CookieJar?
    private let limits: HTTPLimits
    private let readsFiles: Bool

    public init(transport: HTTPTransport, cookies: CookieJar?, limits: HTTPLimits = HTTPLimits(timeout: .seconds(30), maximumBodySize: 5 << 20),
                readsFiles: Bool = true) {
        self.transport = transport
        self.cookies = cookies
        self.limits = limits
        self.readsFiles = readsFiles
    }

    public func load(_ request: PageRequest) async throws(BrowserError) -> LoadedResource {
        var request = request
        var hops: [URL] = []
        var seen: Set<String> = []
        let cookies = cookies ?? CookieJar()
        while true {
            let key = request.method + " " + request.url.absoluteString
            if !seen.insert(key).inserted { throw .redirectLoop(hops: hops + [request.url]) }
            let response = try await fetch(request, cookies: cookies)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.location else {
                return response.resource(redirects: hops)
            }
            guard let next = URLResolver.resolve(location, against: request.url) else {
                throw .badRedirect(url: request.url, location: location)
            }
            // As browsers do: what a web page says cannot make the browser read the reader's files.
            if next.isFileURL, !request.url.isFileURL { throw .redirectToFile(url: request.url, target: next) }
            hops.append(request.url)
            if hops.count > Self.maximumRedirects { throw .tooManyRedirects(hops: hops + [next], limit: Self.maximumRedirects) }
            // As browsers do: 303, and 301 or 302 after a POST, become a GET without the body.
            if response.status == 303 || (response.status == 301 || response.status == 302) && request.method == "POST" {
                request = PageRequest(url: next)
            } else {
                request.url = next
            }
        }
    }

    /// Loads `request`, and then, as browsers do, the page a `<meta http-equiv=refresh>` of five
    /// seconds or less sends the reader to, within the same limit of hops; never from a web page
    /// to a local file, nor to an address that is no page (`javascript:`, `data:`): the page
    /// itself is shown instead. `read` reads each page and finds its refresh.
    public func load<Page>(_ request: PageRequest, reading read: @Sendable (LoadedResource) async throws(BrowserError) -> (page: Page, refresh: RenderedPage.Refresh?))
        async throws(BrowserError) -> (resource: LoadedResource, page: Page) {
        var resource = try await load(request)
        var (page, refresh) = try await read(resource)
        var refreshes = 0
        while let next = refresh, next.seconds <= 5, next.url.removingFragment != resource.url.removingFragment,
              ["http", "https"].contains(next.url.scheme?.lowercased() ?? "") || next.url.isFileURL && resource.url.isFileURL,
              refreshes < Self.maximumRedirects {
            refreshes += 1
            let hops = resource.redirects + [resource.url]
            resource = try await load(PageRequest(url: next.url))
            resource.redirects = hops + resource.redirects
            (page, refresh) = try await read(resource)
        }
        return (resource, page)
    }

    private struct Answer {
        var url: URL
        var status: Int
        var contentType: String?
        var location: String?
        var body: [UInt8]

        func resource(redirects: [URL]) -> LoadedResource {
            LoadedResource(url: url, status: status, contentType: contentType, body: body, redirects: redirects)
        }
    }

    private func fetch(_ request: PageRequest, cookies: CookieJar) async throws(BrowserError) -> Answer {
        switch request.url.scheme?.lowercased() {
        case "http", "https":
            break
        case "file":
            guard readsFiles else { throw .notWebAddress(url: request.url) }
            return try readFile(request.url)
        default:
            throw .unsupportedScheme(url: request.url)
        }
        var headers = [
            "Accept": "text/html, application/xhtml+xml, text/plain;q=0.9, */*;q=0.5",
            "Accept-Encoding": "gzip, deflate",
        ]
        if let cookie = await cookies.header(for: request.url) { headers["Cookie"] = cookie }
        if let contentType = request.contentType { headers["Content-Type"] = contentType }
        let message = HTTPRequestMessage(method: request.method, url: request.url, headers: headers, body: request.body)
        let response: HTTPTransport.Response
        do {
            response = try await transport.send(message, limits)
        } catch let error as NetworkError {
            throw .network(error)
        } catch is CancellationError {
            throw .cancelled(url: request.url)
        } catch {
            throw .network(.unreachable(url: request.url, reason: ErrorCause(error)))
        }
        await cookies.store(response.values(of: "set-cookie"), from: request.url)
        let isRedirect = (300...399).contains(response.status)
        return Answer(url: request.url, status: response.status, contentType: response.value(of: "content-type"),
                      location: isRedirect ? response.value(of: "location") : nil, body: Array(response.body))
    }

    /// A local file, or a directory as a page of links to what it holds.
    private func readFile(_ url: URL) throws(BrowserError) -> Answer {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .file(url: url, reason: "no such file")
        }
        if isDirectory.boolValue {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            let base = url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent("")
            var html = "<title>\(path.xmlEscaped)</title><h1>\(path.xmlEscaped)</h1><ul><li><a href=\"..\">..</a>"
            for name in names {
                let href = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
                html += "<li><a href=\"\(href.xmlEscaped)\">\(name.xmlEscaped)</a>"
            }
            return Answer(url: base, status: 200, contentType: "text/html; charset=utf-8", body: Array((html + "</ul>").utf8))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .file(url: url, reason: "cannot be read (permission denied?)") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limits.maximumBodySize + 1) ?? Data()
        } catch {
            throw .file(url: url, reason: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limits.maximumBodySize else {
            throw .network(.tooLarge(url: url, limit: limits.maximumBodySize))
        }
        let lower = path.lowercased()
        let type: String? = lower.hasSuffix(".html") || lower.hasSuffix(".htm") || lower.hasSuffix(".xhtml") ? "text/html"
            : lower.hasSuffix(".txt") || lower.hasSuffix(".md") ? "text/plain" : nil
        return Answer(url: url, status: 200, contentType: type, body: Array(data))
    }
}
