import Hummingbird
import Library

/// The library's refusals as their reader may read them: a visitor lending with
/// `--library-open-lending` is told that another patron has the book or waits for it, never
/// who (`LibraryError.seen(by:)`). One place for every page and API route of the library.
struct LibraryRefusalMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let access: LibraryAccess
    /// The library's paths: its pages' and its API's.
    let prefixes: [String]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as LibraryError {
            let path = request.uri.path
            guard prefixes.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { throw error }
            throw error.seen(by: try access.audience(of: request, context))
        }
    }
}
