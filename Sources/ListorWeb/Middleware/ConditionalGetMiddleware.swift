import HTTPTypes
import Hummingbird

/// Answers a GET or HEAD with 304 Not Modified when the response's ETag is among the request's
/// `If-None-Match` tags, compared weakly (RFC 9110, section 13.1.2), so that a compressed
/// copy's weak tag matches the strong one it was made from. The 304 carries the headers a 200
/// would have had that RFC 9110 (section 15.4.5) asks for, and no body.
struct ConditionalGetMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard response.status == .ok, request.method == .get || request.method == .head, let etag = response.headers[.eTag],
              let header = request.headers[.ifNoneMatch], EntityTags(header)?.matchesWeakly(etag) == true else { return response }
        var headers = HTTPFields()
        for name in [HTTPField.Name.eTag, .cacheControl, .lastModified, .vary, .expires, .contentLocation] { headers[name] = response.headers[name] }
        return Response(status: .notModified, headers: headers)
    }
}
