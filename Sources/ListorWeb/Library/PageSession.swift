import Foundation
import Hummingbird

/// The browser's side of a page request: its CSRF cookie (made when missing) and its time zone.
struct PageSession {
    static let cookieName = "listor_csrf"
    let token: String
    let isNew: Bool
    let timeZone: TimeZone

    init(_ request: Request) {
        let cookie = request.cookies[Self.cookieName]?.value
        if let cookie, cookie.count == 32, cookie.allSatisfy(\.isHexDigit) {
            token = cookie
            isNew = false
        } else {
            var generator = SystemRandomNumberGenerator()
            token = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
            isNew = true
        }
        // library.js sets the reader's zone; without it, the server's.
        timeZone = request.cookies["listor_tz"].flatMap { TimeZone(identifier: $0.value) } ?? .current
    }

    /// `response` with the CSRF cookie set when it is new.
    func page(_ response: Response) -> Response {
        guard isNew else { return response }
        var response = response
        response.headers[.setCookie] = "\(Self.cookieName)=\(token); Path=/library; HttpOnly; SameSite=Strict"
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
