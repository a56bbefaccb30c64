import Foundation
import HTTPTypes
import Hummingbird

/// Who asked the reader for a page, as the request tells: the visitor themselves (the address
/// bar, a link on a read page, a native client), another site's link that the visitor followed,
/// or another site's page fetching it behind the visitor's back (an `<img>`, a script).
///
/// Only the first is kept in the history, which every visitor of this server shares: another
/// site must not make the server read a page of its choice and list it for everyone. The last
/// is refused. Browsers say where a request comes from in `Sec-Fetch-Site` and
/// `Sec-Fetch-Mode`; older ones in `Referer` and `Origin`; native clients send none.
enum ReadOrigin: Equatable {
    case visitor
    case linkElsewhere
    case embeddedElsewhere

    init(_ request: Request) {
        let authority = request.head.authority
        if let site = request.headers[.secFetchSite] {
            if site == "same-origin" || site == "none" {
                self = .visitor
            } else {
                self = request.headers[.secFetchMode] == "navigate" ? .linkElsewhere : .embeddedElsewhere
            }
        } else if let origin = request.headers[.origin], !SameOriginMiddleware<BasicRequestContext>.isSameOrigin(origin, authority: authority) {
            self = .embeddedElsewhere
        } else if let referer = request.headers[.referer], !Self.isSameOrigin(referer: referer, authority: authority) {
            self = .linkElsewhere
        } else {
            self = .visitor
        }
    }

    private static func isSameOrigin(referer: String, authority: String?) -> Bool {
        guard let url = URL(string: referer), var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
        (components.path, components.query, components.fragment, components.user, components.password) = ("", nil, nil, nil, nil)
        return components.string.map { SameOriginMiddleware<BasicRequestContext>.isSameOrigin($0, authority: authority) } ?? false
    }

    static func refusal() -> WebError {
        WebError(.forbidden, title: "Refused: asked for by another site",
                 message: "Another site's page asked this reader for a page behind your back. The reader reads pages for its own visitors; open the page from the address bar instead.",
                 apiMessage: "refused because another site's page asked for it (Sec-Fetch-Site, Origin); the reader reads pages for its own visitors")
    }
}

extension HTTPField.Name {
    static let secFetchMode = Self("Sec-Fetch-Mode").unsafelyUnwrapped
}
