import HTTPTypes
import Hummingbird
import NIOCore

/// Refuses requests that declare a body larger than any route takes (the server's limit, or a
/// module's uploads): each route then collects its body with its own limit (`RequestBody`),
/// and a body that runs past the limit it was collected with is refused the same way.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
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
