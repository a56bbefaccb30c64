import HTTPTypes
import Hummingbird
import Library
import ListorKit

/// Who may change the library. Without an admin token, anyone who reaches the server may (as
/// with the original server, on loopback). With one, every write needs it: `Authorization:
/// Bearer <token>` on the API, the librarian's sign-in on the pages. The exception is lending:
/// with `openLending`, checking a book out and in stays open to everyone, as at a library desk
/// where readers lend themselves books and the catalogue is the librarian's.
struct LibraryAccess: Sendable {
    enum Action: Sendable {
        /// Adding, editing, deleting, importing, clearing.
        case catalogue
        /// Checking out and in, renewing, holds.
        case lending
        /// Reading and writing patrons' records, which hold their email addresses and phone
        /// numbers, and who borrowed or reserved what.
        case patrons

        var needs: String {
            switch self {
            case .catalogue: "changing the catalogue needs the admin token"
            case .lending: "lending needs the admin token (the server does not run with --library-open-lending)"
            case .patrons: "patrons' records, and who borrowed or reserved what, need the admin token"
            }
        }
    }

    let adminToken: AdminToken?
    let openLending: Bool
    let formKey: FormKey
    /// Wrong tokens per client, on the API and the pages alike.
    let guesses = TokenGuesses()

    /// Whether `action` needs the admin token on this server.
    func isGuarded(_ action: Action) -> Bool {
        adminToken != nil && !(action == .lending && openLending)
    }

    /// What the librarian's sign-in cookie is signed for: bound to the token, so that changing
    /// the token signs everyone out. Nil without a token.
    var librarianPurpose: String? {
        adminToken.map { "librarian\u{0}" + $0.value }
    }

    /// Who `request` comes from, as the library's records see it: the staff on a server without
    /// an admin token (its owner's, on loopback), or with the token (`Authorization: Bearer` on
    /// the API, the librarian's sign-in on the pages); visitors otherwise.
    /// A wrong token counts as a guess, and past too many the answer is 429, not the records.
    func audience(of request: Request, _ context: WebRequestContext) throws -> Audience {
        guard let adminToken, let purpose = librarianPurpose else { return .staff }
        if formKey.verifies(request.cookies[PageSession.librarianCookieName]?.value, for: purpose) { return .staff }
        return try guesses.check(BearerToken.given(in: request), against: adminToken.value, client: context.clientAddress) ? .staff : .visitors
    }

    /// Whether `given`, typed on a page (the sign-in, the delete form), is the token; a wrong
    /// one counts as a guess, and past too many the answer is 429.
    func accepts(_ given: String?, _ context: WebRequestContext) throws -> Bool {
        guard let adminToken else { return false }
        return try guesses.check(given, against: adminToken.value, client: context.clientAddress)
    }

    /// Throws 401 unless the API request may do `action`. The scheme name is case-insensitive
    /// (RFC 9110, section 11.1).
    func authorize(_ request: Request, _ context: WebRequestContext, for action: Action) throws {
        guard isGuarded(action), let adminToken else { return }
        guard try guesses.check(BearerToken.given(in: request), against: adminToken.value, client: context.clientAddress) else {
            var error = WebError(.unauthorized, message: "\(action.needs): Authorization: Bearer <token>")
            error.headers[.wwwAuthenticate] = "Bearer"
            throw error
        }
    }
}
