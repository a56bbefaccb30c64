import Foundation
import Hummingbird

/// Refuses a path that holds a control character once decoded (`%00`, `%0A`): no file or route
/// has one, and a NUL would let `/static/listor.js%00.html` pass for an HTML file.
struct PathCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path.contains("%"), let decoded = path.removingPercentEncoding,
           decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw WebError(.badRequest, message: "The address contains a control character (such as %00), which no page here has.",
                           apiMessage: "the path contains a control character (such as %00)")
        }
        return try await next(request, context)
    }
}
