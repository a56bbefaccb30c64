import HTTPTypes
import Hummingbird
import Synchronization

/// Answers 405 with `Allow` for a path that exists but not with the request's method, where
/// Hummingbird's router would answer 404; the methods come from the `RouteTable` once it is
/// complete.
final class MethodNotAllowedMiddleware: RouterMiddleware, Sendable {
    typealias Context = WebRequestContext
    private let allowed = Mutex<(any HTTPResponder<WebRequestContext>)?>(nil)

    /// Called once every route is in.
    func use(_ table: RouteTable) {
        let responder = table.allowedMethods()
        allowed.withLock { $0 = responder }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let responder = allowed.withLock({ $0 }) else { throw error }
            var head = request.head
            head.method = .get
            let probe = Request(head: head, body: Hummingbird.RequestBody(buffer: ByteBuffer()))
            guard let methods = try? await responder.respond(to: probe, context: context).headers[.allow] else { throw error }
            var refusal = WebError(.methodNotAllowed, message: "\(request.method) is not something this address takes; it takes \(methods).",
                                   apiMessage: "\(request.method) is not allowed here; allowed: \(methods)")
            refusal.headers[.allow] = methods
            throw refusal
        }
    }
}

extension HTTPField.Name {
    static let allow = Self("Allow").unsafelyUnwrapped
}
