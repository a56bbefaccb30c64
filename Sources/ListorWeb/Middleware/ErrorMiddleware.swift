import Hummingbird
import ListorKit
import Logging

/// Turns every error into an answer, in one place: JSON (`{"error": …}` and the details) for a
/// request under one of the API paths the modules declare, the error page elsewhere. The status
/// and the words come from `WebError(_:path:)`; unexpected errors are logged in full and shown
/// only as "something went wrong".
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let templates: Templates
    /// Where JSON APIs are mounted, e.g. "/api", "/library/api": a path there, or under it, is an API request.
    let apiPaths: [String]

    struct ErrorPage: Encodable {
        let title: String
        let status: Int
        let message: String
        let suggestions: [WebError.Link]
        let hasSuggestions: Bool
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let failure = WebError(error, path: request.uri.path)
            if failure.isUnexpected { context.logger.error("\(request.method) \(request.uri.path) failed: \(error)") }
            var response: Response
            if isAPI(request.uri.path) {
                response = Response.json(failure.json.serialized(pretty: false), status: failure.status)
            } else {
                let page = ErrorPage(title: failure.title, status: failure.status.code, message: failure.message, suggestions: failure.suggestions,
                                     hasSuggestions: !failure.suggestions.isEmpty)
                response = try templates.html(page, as: .error, status: failure.status)
            }
            for field in failure.headers { response.headers.append(field) }
            return response
        }
    }

    func isAPI(_ path: String) -> Bool {
        apiPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
    }
}
