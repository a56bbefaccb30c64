import Foundation
import Hummingbird

/// The sign-in of an app's staff, the same for every app that has one: `sign-in` under the
/// gate's path shows the token's field (or that the browser is signed in), takes the token and
/// goes back where the person was; `sign-out` forgets the sign-in.
struct SignInRoutes: Sendable {
    /// The page's words and where it lives.
    struct Wording: Sendable {
        /// "Library".
        var app: String
        var bodyClass: String
        /// "the librarian".
        var who: String
        var why: String
        var withoutToken: String
        /// Where the browser goes once signed out.
        var afterSignOut: String
    }

    let gate: AdminGate
    let wording: Wording
    /// The path of the app's CSRF cookie.
    let csrfPath: String
    let templates: Templates

    func addRoutes(to router: RouteTable) {
        router.get(RouterPath(gate.path + "/sign-in"), use: page)
        router.post(RouterPath(gate.path + "/sign-in"), use: signIn)
        router.post(RouterPath(gate.path + "/sign-out"), use: signOut)
    }

    /// Where to go after signing in: a page of the app, never another site.
    func next(_ path: String?) -> String {
        guard let path, path.hasPrefix(gate.path), !path.hasPrefix("//"), !path.contains("\\"), path.count < 300 else { return gate.path }
        return path
    }

    private func session(_ request: Request) -> PageSession {
        PageSession(request, formKey: gate.formKey, cookiePath: csrfPath, gate: gate)
    }

    private func render(_ session: PageSession, next: String, problem: String? = nil) -> SignInPage {
        SignInPage(app: wording.app, home: gate.path, bodyClass: wording.bodyClass, who: wording.who, why: wording.why, withoutToken: wording.withoutToken,
                   next: next, csrf: session.token, isNeeded: gate.token != nil, isSignedIn: session.isSignedIn, problem: problem)
    }

    @Sendable func page(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        return session.page(try templates.html(render(session, next: next(QueryPairs.parameters(of: request)["next"])), as: .signIn))
    }

    @Sendable func signIn(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let form = try await session.checkedForm(Form.self, from: request, limit: 16 << 10)
        let next = next(form.next)
        guard let cookie = gate.signInCookie() else { return Self.redirect(next) }
        guard try gate.accepts(form.adminToken, context) else {
            return session.page(try templates.html(render(session, next: next, problem: "That is not the admin token."), as: .signIn, status: .forbidden))
        }
        var response = Self.redirect(next)
        response.setCookie(cookie)
        return response
    }

    @Sendable func signOut(_ request: Request, context: WebRequestContext) async throws -> Response {
        _ = try await session(request).checkedForm(Form.self, from: request, limit: 16 << 10)
        var response = Self.redirect(wording.afterSignOut)
        response.setCookie(gate.signOutCookie)
        return response
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// What the sign-in and sign-out forms send.
    struct Form: CSRFProtectedForm {
        var csrf: String?
        var next: String?
        var adminToken: String?

        enum CodingKeys: String, CodingKey {
            case csrf, next
            case adminToken = "admin_token"
        }
    }
}
