import HTTPTypes
import Hummingbird

/// Refuses requests that declare a body larger than the limit; routes that read bodies
/// collect them with the same limit. Uploads may have a larger one, as their module says.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int
    var modules: [any WebModule] = []

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let limit = modules.lazy.compactMap { $0.maximumBodySize(for: request.method, path: path) }.first ?? limit
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw WebError(.contentTooLarge, message: "The request body is larger than the limit of \(limit) bytes.",
                           apiMessage: "the body is larger than the limit of \(limit) bytes")
        }
        return try await next(request, context)
    }
}
