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

    /// The librarian's token and sign-in.
    let gate: AdminGate
    let openLending: Bool

    init(adminToken: AdminToken?, openLending: Bool, formKey: FormKey) {
        gate = AdminGate(token: adminToken, formKey: formKey, role: "librarian", path: "/library")
        self.openLending = openLending
    }

    var adminToken: AdminToken? { gate.token }
    var formKey: FormKey { gate.formKey }

    /// Whether `action` needs the admin token on this server.
    func isGuarded(_ action: Action) -> Bool {
        adminToken != nil && !(action == .lending && openLending)
    }

    /// Who `request` comes from, as the library's records see it: the staff on a server without
    /// an admin token (its owner's, on loopback), or with the token (`Authorization: Bearer` on
    /// the API, the librarian's sign-in on the pages); visitors otherwise.
    /// A wrong token counts as a guess, and past too many the answer is 429, not the records.
    func audience(of request: Request, _ context: WebRequestContext) throws -> Audience {
        guard adminToken != nil else { return .staff }
        return try gate.admits(request, context) ? .staff : .visitors
    }

    /// Whether `given`, typed on a page (the delete form), is the token; a wrong one counts as a
    /// guess, and past too many the answer is 429.
    func accepts(_ given: String?, _ context: WebRequestContext) throws -> Bool {
        try gate.accepts(given, context)
    }

    /// Throws 401 unless the API request may do `action`. The scheme name is case-insensitive
    /// (RFC 9110, section 11.1).
    func authorize(_ request: Request, _ context: WebRequestContext, for action: Action) throws {
        guard isGuarded(action) else { return }
        try gate.requireBearer(request, context, needs: action.needs)
    }

    /// A redirect to the sign-in page when `action` needs the librarian and the browser has not
    /// signed in; nil when it may go on.
    func signIn(_ session: PageSession, for action: Action, next: String) -> Response? {
        guard isGuarded(action), !session.isSignedIn else { return nil }
        return SignInRoutes.redirect(gate.signInAddress(next: next))
    }

    /// Refuses a form whose action needs the librarian, when the browser has not signed in.
    func requireLibrarian(_ session: PageSession, for action: Action) throws {
        guard isGuarded(action), !session.isSignedIn else { return }
        throw WebError(.forbidden, title: "Librarian only", message: "On this server \(action.needs). Sign in as the librarian, then try again.",
                       suggestions: [WebError.Link(label: "Sign in", href: gate.path + "/sign-in")])
    }
}
