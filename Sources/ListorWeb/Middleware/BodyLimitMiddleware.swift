import HTTPTypes
import Hummingbird
import NIOCore

/// Refuses requests that declare a body larger than the limit; routes that read bodies
/// collect them with the same limit, and a body sent without a length (chunked) that runs past
/// it is refused the same way when the route collects it. Uploads may have a larger limit, as
/// their module says.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int
    var modules: [any WebModule] = []

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let limit = modules.lazy.compactMap { $0.maximumBodySize(for: request.method, path: path) }.first ?? limit
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw Self.tooLarge(limit)
        }
        do {
            return try await next(request, context)
        } catch is NIOTooManyBytesError {
            throw Self.tooLarge(limit)
        }
    }

    static func tooLarge(_ limit: Int) -> WebError {
        WebError(.contentTooLarge, message: "The request body is larger than the limit of \(limit) bytes.",
                 apiMessage: "the body is larger than the limit of \(limit) bytes")
    }
}
