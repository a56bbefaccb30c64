import Hummingbird
import ListorKit
import Logging

/// An error a page wants shown to the user with its status: an unknown part, a bad request.
struct PageError: Error {
    let status: HTTPResponse.Status
    let title: String
    let message: String
    /// Links that may help: the closest part numbers, say.
    var suggestions: [Link] = []

    struct Link: Encodable, Sendable {
        let label: String
        let href: String
    }
}

/// Turns errors into pages people can read: JSON `{"error": …}` under an `api` path segment, an HTML page
/// elsewhere. Unexpected errors are logged in full and shown only as "something went wrong".
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let templates: Templates

    struct ErrorPage: Encodable {
        let title: String
        let status: Int
        let message: String
        let suggestions: [PageError.Link]
        let hasSuggestions: Bool
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as PageError {
            return try respond(to: request, status: error.status, title: error.title, message: error.message, suggestions: error.suggestions)
        } catch let error as HTTPError {
            let message = error.body ?? (error.status == .notFound ? "There is no page at \(request.uri.path)." : error.status.reasonPhrase)
            return try respond(to: request, status: error.status, title: error.status.reasonPhrase, message: message)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            return try respond(to: request, status: .internalServerError, title: "Something went wrong",
                               message: "The server could not answer this request. The details are in its log.")
        }
    }

    /// JSON APIs live under an `api` path segment: `/api/transistors`, `/library/api/books`.
    static func isAPI(_ path: String) -> Bool {
        path.split(separator: "/").contains("api")
    }

    private func respond(to request: Request, status: HTTPResponse.Status, title: String, message: String,
                         suggestions: [PageError.Link] = []) throws -> Response {
        if Self.isAPI(request.uri.path) {
            return Response.json(JSONValue.object(JSONObject(members: [.init(key: "error", value: .string(message))])).serialized(pretty: false), status: status)
        }
        let page = ErrorPage(title: title, status: status.code, message: message, suggestions: suggestions, hasSuggestions: !suggestions.isEmpty)
        return try templates.html(page, as: "error", status: status)
    }
}
