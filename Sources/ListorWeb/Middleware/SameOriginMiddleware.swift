import Foundation
import HTTPTypes
import Hummingbird

/// Refuses requests that would change something when a browser sent them from a page of another
/// origin: a form on another site, or a page on another port of this machine. Browsers say where
/// a request comes from in `Sec-Fetch-Site` and `Origin`; native clients (the original iOS
/// clients, curl, `listor library --server`) send neither, and pass. GET and HEAD change nothing
/// and always pass.
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" {
            throw Self.refusal("the browser says it came from a \(site.prefix(20)) page (Sec-Fetch-Site)")
        }
        if let origin = request.headers[.origin], !Self.isSameOrigin(origin, authority: request.head.authority) {
            throw Self.refusal("it came from a page of \(origin.prefix(100))")
        }
        return try await next(request, context)
    }

    /// Whether `origin` ("http://127.0.0.1:8080") names the host and port the request was sent to.
    static func isSameOrigin(_ origin: String, authority: String?) -> Bool {
        guard origin != "null", let authority, let url = URL(string: origin), let scheme = url.scheme?.lowercased(),
              let host = url.host?.lowercased(), url.path.isEmpty else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        let originHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let requestHost = HostCheckMiddleware<Context>.hostName(authority)
        let requestPort = authority.lowercased().dropFirst(requestHost.count).dropFirst().isEmpty
            ? defaultPort : Int(authority.dropFirst(requestHost.count + 1)) ?? -1
        return originHost == requestHost && (url.port ?? defaultPort) == requestPort
    }

    static func refusal(_ reason: String) -> WebError {
        WebError(.forbidden, title: "Refused: sent from another site",
                 message: "This request was refused because \(reason). Changes are made only from this site's own pages.",
                 apiMessage: "refused because \(reason); changes are accepted from this site's pages and from clients that send no Origin")
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site").unsafelyUnwrapped
}
