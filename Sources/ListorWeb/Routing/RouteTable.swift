import HTTPTypes
import Hummingbird
import Synchronization

/// The router as modules see it: every route goes to Hummingbird's router, and is also noted
/// with its method, so that a request for a known path with another method can be answered
/// 405 with `Allow` (Hummingbird answers 404) and `OPTIONS` can say what a path takes.
public final class RouteTable: RouterMethods {
    public typealias Context = WebRequestContext
    let router: Router<WebRequestContext>
    private let methods = Mutex<[String: Set<String>]>([:])

    init(router: Router<WebRequestContext>) {
        self.router = router
    }

    @discardableResult public func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method, responder: Responder) -> Self
    where Responder.Context == WebRequestContext {
        router.on(path, method: method, responder: responder)
        methods.withLock { _ = $0[path.description, default: []].insert(method.rawValue) }
        return self
    }

    @discardableResult public func add(middleware: any MiddlewareProtocol<Request, Response, WebRequestContext>) -> Self {
        router.add(middleware: middleware)
        return self
    }

    /// Each path's methods, as routes were added: "/library/api/books/{id}": ["GET", "PUT", "DELETE"].
    var routes: [String: Set<String>] { methods.withLock { $0 } }

    /// A responder that answers, for a request's path, the methods its routes take in `Allow`
    /// (GET implying HEAD), and 404 for a path no route has. Built once every route is in.
    func allowedMethods() -> some HTTPResponder<WebRequestContext> {
        let probe = Router(context: WebRequestContext.self)
        for (path, methods) in methods.withLock({ $0 }) {
            let allowed = (methods.contains("GET") ? methods.union(["HEAD"]) : methods).sorted().joined(separator: ", ")
            probe.get(RouterPath(path)) { _, _ in Response(status: .noContent, headers: [.allow: allowed]) }
        }
        return probe.buildResponder()
    }
}
