import Hummingbird

/// The API routes of a group that each need `action`'s token: declared once for the group, as
/// the routes of an action are added together (`LibraryAccess.authorize` says when).
struct LibraryAccessMiddleware: RouterMiddleware {
    let access: LibraryAccess
    let action: LibraryAccess.Action

    func handle(_ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response) async throws -> Response {
        try access.authorize(request, context, for: action)
        return try await next(request, context)
    }
}

extension LibraryAccess {
    /// A group of `api`'s routes, each needing `action`'s token.
    func routes(_ api: RouterGroup<WebRequestContext>, for action: Action) -> RouterGroup<WebRequestContext> {
        api.group().add(middleware: LibraryAccessMiddleware(access: self, action: action))
    }
}
