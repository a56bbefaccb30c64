/// What `library/sign-in.mustache` shows: the admin token's field, or that none is needed.
struct SignInPage: Encodable {
    let title = "Sign in"
    let next: String
    let csrf: String
    /// Whether this server has an admin token at all.
    let isNeeded: Bool
    let isSignedIn: Bool
    let problem: String?

    init(next: String, csrf: String, isNeeded: Bool, isSignedIn: Bool, problem: String? = nil) {
        self.next = next
        self.csrf = csrf
        self.isNeeded = isNeeded
        self.isSignedIn = isSignedIn
        self.problem = problem
    }
}
