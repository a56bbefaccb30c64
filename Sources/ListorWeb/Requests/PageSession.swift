import Foundation
import HTTPTypes
import Hummingbird

/// The browser's side of a page request: its CSRF token (made when missing), whether the
/// app's staff signed in (`AdminGate`), and its time zone. Each app keeps its token in a cookie for its own
/// path (`/library`, `/modbus`, `/stella`, `/browser`).
///
/// Both cookies hold tokens signed with the server's `FormKey`: a cookie the server did not make
/// (planted by a page on a sibling host, or guessed) is not taken.
struct PageSession {
    static let cookieName = "listor_csrf"
    /// Whether the browser carries the staff's sign-in for the current admin token.
    let isSignedIn: Bool
    let timeZone: TimeZone
    private let cookiePath: String
    /// The token of the browser's cookie, when this server made it.
    private let sent: String?
    /// The token made for a browser without one, when a page first asks for it.
    private let made: MadeToken

    /// `gate` is the app's staff sign-in; nil where there is none.
    init(_ request: Request, formKey: FormKey, cookiePath: String, gate: AdminGate? = nil) {
        let cookie = request.cookies[Self.cookieName]?.value
        sent = formKey.verifies(cookie, for: "csrf") ? cookie : nil
        made = MadeToken(formKey: formKey)
        self.cookiePath = cookiePath
        isSignedIn = gate?.isSignedIn(request) ?? false
        // library.js and browser.js set the reader's zone; without it, the server's.
        timeZone = request.cookies["listor_tz"].flatMap { TimeZone(identifier: $0.value) } ?? .current
    }

    /// The browser's CSRF token for a page's forms: the cookie's, or one made now (and set as
    /// the cookie by `page`). A page without forms never asks, and so sets no cookie.
    var token: String {
        sent ?? made.token
    }

    /// `response` with the CSRF cookie set when the page made one. A page carrying a token is
    /// never stored by a cache, shared or not.
    func page(_ response: Response) -> Response {
        var response = response
        response.headers[.cacheControl] = "no-store"
        if sent == nil, let token = made.existing {
            response.setCookie(Cookie(name: Self.cookieName, value: token, path: cookiePath, sameSite: .strict))
        }
        return response
    }

    /// The form's fields, once its CSRF token matches the cookie; a 403 page otherwise.
    func checkedForm<Form: CSRFProtectedForm>(_ type: Form.Type, from request: Request, limit: Int) async throws -> Form {
        let form = try await RequestBody.form(Form.self, from: request, limit: limit)
        try requireToken(form.csrf)
        return form
    }

    /// A 403 page unless `csrf` is this browser's token.
    func requireToken(_ csrf: String?) throws {
        guard let sent, Secret.matches(csrf, sent) else {
            throw WebError(.forbidden, title: "Form expired",
                           message: "This form was not sent from this site's page in this browser, or its page is too old. Go back, reload the page and try again.")
        }
    }
}

/// A page form that carries the CSRF token.
protocol CSRFProtectedForm: Decodable {
    var csrf: String? { get }
}

/// A CSRF token made once, when first asked for, within one request.
private final class MadeToken {
    private let formKey: FormKey
    private(set) var existing: String?

    init(formKey: FormKey) {
        self.formKey = formKey
    }

    var token: String {
        if let existing { return existing }
        let token = formKey.token(for: "csrf")
        existing = token
        return token
    }
}
