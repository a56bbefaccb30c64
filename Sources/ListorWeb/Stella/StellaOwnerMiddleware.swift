import HTTPTypes
import Hummingbird

/// The store's back office, declared once for its routes: closed on a server without an admin
/// token (`--stella-admin-token`) or without a store of its own (one that sells another server's
/// catalogue). Otherwise the API is open only to `Authorization: Bearer <token>`, and the pages
/// to the owner's sign-in: a page asked for before it is sent to the sign-in, a form refused.
struct StellaOwnerMiddleware: RouterMiddleware {
    enum Door: Sendable {
        case api, pages
    }

    let gate: AdminGate
    let hasStore: Bool
    let door: Door

    func handle(_ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response) async throws -> Response {
        guard hasStore else {
            throw WebError(.forbidden, message: "this server sells another store's catalogue; its back office is that store's server")
        }
        guard gate.token != nil else {
            throw WebError(.forbidden, title: "Back office closed", message: "The store's back office is closed: this server runs without --stella-admin-token.")
        }
        switch door {
        case .api:
            try gate.requireBearer(request, context, needs: "the store's back office needs the admin token")
        case .pages where !gate.isSignedIn(request):
            if request.method == .get || request.method == .head {
                return SignInRoutes.redirect(gate.signInAddress(next: request.uri.description))
            }
            throw WebError(.forbidden, title: "Owner only", message: "The store's back office needs the owner's sign-in. Sign in, then try again.",
                           suggestions: [WebError.Link(label: "Sign in", href: gate.path + "/sign-in")])
        case .pages:
            break
        }
        return try await next(request, context)
    }
}
