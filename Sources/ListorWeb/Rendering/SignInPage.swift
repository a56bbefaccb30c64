/// What `sign-in.mustache` shows: an app's admin token field, or that none is needed.
struct SignInPage: Encodable {
    let title = "Sign in"
    /// "Library", "Stella's back office".
    let app: String
    let home: String
    let bodyClass: String
    /// "the librarian", "the owner".
    let who: String
    /// What the token opens, said above its field.
    let why: String
    /// What the page says on a server without a token.
    let withoutToken: String
    let next: String
    let csrf: String
    /// Whether this server has an admin token at all.
    let isNeeded: Bool
    let isSignedIn: Bool
    var problem: String?
}
