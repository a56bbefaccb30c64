import HTTPTypes
import Hummingbird

/// Headers that keep pages from running anything but our own files: no inline script,
/// no framing, no MIME sniffing, no full referrers to other sites.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// For a picture that came from another site, opened on its own: it runs nothing, loads
    /// nothing and is a sandboxed document of no origin.
    static var picturePolicy: String {
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // A route with a stricter policy of its own (a picture from another site) keeps it.
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        return response
    }
}

extension HTTPField.Name {
    // Names HTTPTypes does not predefine; both literals are valid field names.
    static let referrerPolicy = Self("Referrer-Policy").unsafelyUnwrapped
    static let xFrameOptions = Self("X-Frame-Options").unsafelyUnwrapped
}
