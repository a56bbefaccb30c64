import Foundation

/// The cookies of one browsing session, in memory (RFC 6265): set by `Set-Cookie`, sent back
/// to the hosts and paths they belong to, secure ones over https only, until they expire. A
/// cookie whose name or value holds a control character is refused.
public actor CookieJar {
    struct Cookie: Hashable {
        var name: String
        var value: String
        var domain: String
        /// True when the cookie had no `Domain` attribute: only that exact host gets it.
        var hostOnly: Bool
        var path: String
        var secure: Bool
        var expires: Date?
    }

    private var cookies: [Cookie] = []
    private let now: @Sendable () -> Date
    /// Bounds what one site can make the jar hold.
    private let maximumCookies = 3_000

    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Keeps the cookies of `Set-Cookie` headers received from `url`; ignores malformed ones and
    /// those for another site.
    public func store(_ headers: [String], from url: URL) {
        guard let host = url.host?.lowercased() else { return }
        for header in headers {
            guard let cookie = parse(header, host: host, requestPath: url.path) else { continue }
            cookies.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
            if let expires = cookie.expires, expires <= now() { continue }
            cookies.append(cookie)
            if cookies.count > maximumCookies { cookies.removeFirst(cookies.count - maximumCookies) }
        }
    }

    /// The `Cookie` header for a request to `url`, or nil when no cookie applies; longer paths first.
    public func header(for url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let path = url.path.isEmpty ? "/" : url.path
        let isSecure = url.scheme?.lowercased() == "https"
        let time = now()
        cookies.removeAll { $0.expires.map { $0 <= time } ?? false }
        let matching = cookies.filter { cookie in
            (cookie.hostOnly ? host == cookie.domain : Self.domainMatches(host, cookie.domain))
                && Self.pathMatches(path, cookie.path) && (!cookie.secure || isSecure)
        }
        guard !matching.isEmpty else { return nil }
        return matching.sorted { $0.path.count > $1.path.count }.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    private func parse(_ header: String, host: String, requestPath: String) -> Cookie? {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingASCIIWhitespace()
        let value = pair[pair.index(after: equals)...].trimmingASCIIWhitespace()
        guard !name.isEmpty, name.count + value.count <= 4096 else { return nil }
        // As browsers do (RFC 6265bis): a cookie with a control character is refused whole,
        // so that none is ever sent back in a Cookie header.
        guard !(name + value).unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else { return nil }
        var cookie = Cookie(name: name, value: value, domain: host, hostOnly: true, path: Self.defaultPath(requestPath), secure: false, expires: nil)
        var maxAge: Int?
        for attribute in parts.dropFirst() {
            let pieces = attribute.split(separator: "=", maxSplits: 1)
            let key = pieces.first.map { $0.trimmingASCIIWhitespace().lowercased() } ?? ""
            let argument = pieces.count > 1 ? pieces[1].trimmingASCIIWhitespace() : ""
            switch key {
            case "domain":
                var domain = argument.lowercased()
                if domain.hasPrefix(".") { domain.removeFirst() }
                guard !domain.isEmpty else { continue }
                // A cookie for another site, or for a whole top-level domain, is refused.
                guard Self.domainMatches(host, domain), domain.contains(".") || domain == host else { return nil }
                cookie.domain = domain
                cookie.hostOnly = false
            case "path":
                if argument.hasPrefix("/") { cookie.path = argument }
            case "secure":
                cookie.secure = true
            case "max-age":
                maxAge = Int(argument)
            case "expires":
                if let date = CookieDate.parse(argument) { cookie.expires = date }
            default:
                continue
            }
        }
        if let maxAge { cookie.expires = now().addingTimeInterval(TimeInterval(max(maxAge, 0) == 0 ? -1 : maxAge)) }
        return cookie
    }

    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        host == domain || host.hasSuffix("." + domain) && !host.allSatisfy { $0.isNumber || $0 == "." }
    }

    static func pathMatches(_ path: String, _ cookiePath: String) -> Bool {
        path == cookiePath || path.hasPrefix(cookiePath) && (cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).first == "/")
    }

    static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
