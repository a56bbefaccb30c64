import HTTPTypes
import Hummingbird

/// How long a static file may be kept: a year without asking again (`immutable`) when it is
/// asked for at its current version, as pages link it; otherwise only after revalidating with
/// its `ETag`, so that an old address never keeps an old stylesheet. Wraps `FileMiddleware`,
/// which sends the file, its `ETag` and `Last-Modified`, and the 304s.
struct StaticCacheMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: StaticFiles

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/static/") else { return try await next(request, context) }
        var response = try await next(request, context)
        guard response.status == .ok || response.status == .notModified || response.status == .partialContent else { return response }
        let version = request.uri.queryParameters["v"].map(String.init)
        let current = version.map { files.isCurrent(request.uri.path, version: $0) } ?? false
        response.headers[.cacheControl] = current ? StaticFiles.foreverCacheControl : StaticFiles.revalidateCacheControl
        return response
    }
}
