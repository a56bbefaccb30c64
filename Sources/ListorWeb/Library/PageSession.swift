import Foundation
import HTTPTypes
import Hummingbird

/// The browser's side of a page request: its CSRF token (made when missing), whether the
/// librarian has signed in, and its time zone.
///
/// Both cookies hold tokens signed with the server's `FormKey`: a cookie the server did not make
/// (planted by a page on a sibling host, or guessed) is not taken.
struct PageSession {
    static let cookieName = "listor_csrf"
    static let librarianCookieName = "listor_librarian"
    let token: String
    let isNew: Bool
    /// Whether the browser carries the librarian's sign-in for the current admin token.
    let isLibrarian: Bool
    let timeZone: TimeZone

    init(_ request: Request, access: LibraryAccess) {
        let cookie = request.cookies[Self.cookieName]?.value
        if access.formKey.verifies(cookie, for: "csrf"), let cookie {
            token = cookie
            isNew = false
        } else {
            token = access.formKey.token(for: "csrf")
            isNew = true
        }
        isLibrarian = access.librarianPurpose.map { access.formKey.verifies(request.cookies[Self.librarianCookieName]?.value, for: $0) } ?? false
        // library.js sets the reader's zone; without it, the server's.
        timeZone = request.cookies["listor_tz"].flatMap { TimeZone(identifier: $0.value) } ?? .current
    }

    /// `response` with the CSRF cookie set when it is new. A page carrying a token is never
    /// stored by a cache, shared or not.
    func page(_ response: Response) -> Response {
        var response = response
        response.headers[.cacheControl] = "no-store"
        if isNew { response.headers.append(HTTPField(name: .setCookie, value: "\(Self.cookieName)=\(token); Path=/library; HttpOnly; SameSite=Strict")) }
        return response
    }

    /// The form's fields, once its CSRF token matches the cookie; a 403 page otherwise.
    func checkedForm(_ request: Request, limit: Int) async throws -> LibraryPageForm {
        let form = try await RequestBody.form(LibraryPageForm.self, from: request, limit: limit)
        guard !isNew, Secret.matches(form.csrf, token) else {
            throw WebError(.forbidden, title: "Form expired",
                           message: "This form was not sent from this site's page in this browser, or its page is too old. Go back, reload the page and try again.")
        }
        return form
    }
}
