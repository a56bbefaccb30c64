/// The token that writes need when the server has one (`--library-admin-token`): the API takes
/// it as `Authorization: Bearer …`, the sign-in and delete pages as a field.
public struct AdminToken: Sendable {
    let value: String

    /// The fewest characters a token may have: 16 random letters and digits are about 95 bits,
    /// beyond any guessing over a network, however fast.
    public static let minimumLength = 16

    /// Why `token` is too weak to guard a server, or nil: too short, or with spaces (a token
    /// pasted with its line break is not the token meant).
    public static func weakness(of token: String) -> String? {
        if token.count < minimumLength {
            return "is \(token.count) character\(token.count == 1 ? "" : "s") long; an admin token has at least \(minimumLength), such as one made by: head -c 18 /dev/urandom | base64"
        }
        if token.contains(where: { $0.isWhitespace || $0.isNewline }) { return "has spaces or line breaks in it; an admin token is one word" }
        if Set(token).count < 4 { return "is the same few characters repeated; make a random one: head -c 18 /dev/urandom | base64" }
        return nil
    }
}
