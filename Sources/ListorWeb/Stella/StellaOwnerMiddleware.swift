import HTTPTypes
import Hummingbird

/// The store's back office, declared once for its routes: closed on a server without an admin
/// token (`--stella-admin-token`) or without a store of its own (one that sells another server's
/// catalogue), and otherwise open only to `Authorization: Bearer <token>`. Wrong tokens count
/// as guesses, past too many the answer is 429.
struct StellaOwnerMiddleware: RouterMiddleware {
    let adminToken: AdminToken?
    let hasStore: Bool
    let guesses: TokenGuesses

    func handle(_ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response) async throws -> Response {
        guard hasStore else {
            throw WebError(.forbidden, message: "this server sells another store's catalogue; its back office is that store's server")
        }
        guard let adminToken else {
            throw WebError(.forbidden, message: "the store's back office is closed: this server runs without --stella-admin-token")
        }
        guard try guesses.check(BearerToken.given(in: request), against: adminToken.value, client: context.clientAddress) else {
            var error = WebError(.unauthorized, message: "the store's back office needs the admin token: Authorization: Bearer <token>")
            error.headers[.wwwAuthenticate] = "Bearer"
            throw error
        }
        return try await next(request, context)
    }
}
