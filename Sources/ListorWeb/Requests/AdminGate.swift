import Foundation
import HTTPTypes
import Hummingbird

/// An app's admin token as the server checks it, the same way for every app: `Authorization:
/// Bearer <token>` on the API, a typed token on a page, and a sign-in that the browser keeps as
/// a cookie signed with the server's `FormKey` and bound to the token, so that changing the
/// token signs everyone out. Wrong tokens count as guesses per client, and past too many the
/// answer is 429 (`TokenGuesses`).
struct AdminGate: Sendable {
    let token: AdminToken?
    let formKey: FormKey
    /// Who signs in: "librarian", "owner". It names the sign-in cookie and what it is signed for.
    let role: String
    /// The pages the sign-in opens, where its cookie goes and its pages are (`SignInRoutes`).
    let path: String
    let guesses = TokenGuesses()

    init(token: AdminToken?, formKey: FormKey, role: String, path: String) {
        self.token = token
        self.formKey = formKey
        self.role = role
        self.path = path
    }

    /// The sign-in page's address (`SignInRoutes`), to come back to `next` once signed in.
    func signInAddress(next: String) -> String {
        path + "/sign-in?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    var cookieName: String { "listor_" + role }

    /// What the sign-in cookie is signed for; nil without a token.
    private var purpose: String? {
        token.map { role + "\u{0}" + $0.value }
    }

    /// Whether the browser signed in for the current token.
    func isSignedIn(_ request: Request) -> Bool {
        purpose.map { formKey.verifies(request.cookies[cookieName]?.value, for: $0) } ?? false
    }

    /// Whether `given` (typed on a page, or a bearer token) is the token; a wrong one counts as
    /// a guess. False on a server without a token.
    func accepts(_ given: String?, _ context: WebRequestContext) throws -> Bool {
        guard let token else { return false }
        return try guesses.check(given, against: token.value, client: context.clientAddress)
    }

    /// Whether the request signed in or carries the token as a bearer token.
    func admits(_ request: Request, _ context: WebRequestContext) throws -> Bool {
        try isSignedIn(request) || accepts(BearerToken.given(in: request), context)
    }

    /// Throws 401 (with `WWW-Authenticate: Bearer`) unless the request carries the token;
    /// `needs` says what for.
    func requireBearer(_ request: Request, _ context: WebRequestContext, needs: String) throws {
        guard try accepts(BearerToken.given(in: request), context) else {
            var error = WebError(.unauthorized, message: "\(needs): Authorization: Bearer <token>")
            error.headers[.wwwAuthenticate] = "Bearer"
            throw error
        }
    }

    /// The cookie that signs the browser in; nil without a token.
    func signInCookie() -> Cookie? {
        purpose.map { Cookie(name: cookieName, value: formKey.token(for: $0), path: path, sameSite: .strict) }
    }

    var signOutCookie: Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: path, sameSite: .strict)
    }
}
