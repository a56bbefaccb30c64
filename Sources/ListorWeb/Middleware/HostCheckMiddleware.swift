import HTTPTypes
import Hummingbird

/// Answers only requests addressed to a name this server is known by, so that DNS rebinding (a
/// site whose name is made to resolve to 127.0.0.1) cannot reach it from a browser: a rebinding
/// page's requests carry its own name in `Host`. IP addresses, `localhost` and the names given
/// with `--public-host` are accepted, as in Vite's `allowedHosts`; a request without `Host`
/// (HTTP/1.0) cannot come from such a page and passes.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Lower-cased names, without ports.
    let publicHosts: Set<String>

    init(publicHosts: [String]) {
        self.publicHosts = Set(publicHosts.map { $0.lowercased() })
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, !authority.isEmpty else { return try await next(request, context) }
        let name = Self.hostName(authority)
        guard isAllowed(name) else {
            throw WebError(.misdirectedRequest, title: "Unknown host name",
                           message: "This server does not answer to the name “\(name.prefix(100))”. If that is its name, start it with --public-host \(name.prefix(100)).",
                           apiMessage: "this server does not answer to the host name \"\(name.prefix(100))\"; start it with --public-host to allow it")
        }
        return try await next(request, context)
    }

    func isAllowed(_ name: String) -> Bool {
        name == "localhost" || name.hasSuffix(".localhost") || Self.isIPAddress(name) || publicHosts.contains(name)
    }

    /// The host of `Host: name:port`, lower-cased; an IPv6 literal keeps its brackets.
    static func hostName(_ authority: String) -> String {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("["), let end = lowered.firstIndex(of: "]") { return String(lowered[...end]) }
        if let colon = lowered.lastIndex(of: ":") { return String(lowered[..<colon]) }
        return lowered
    }

    /// A dotted IPv4 address or a bracketed IPv6 one: names no DNS answer can rebind.
    static func isIPAddress(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in part.count <= 3 && !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } && Int(part)! <= 255 }
    }
}
