/// Why a message was not sent, and whether trying again later may help: a refused connection,
/// a timeout or a 4xx answer may pass; a 5xx answer or a bad address will not.
public struct MailError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        /// The server could not be reached, or the connection broke: worth trying again.
        case unreachable
        /// The server answered 4xx: worth trying again.
        case deferred
        /// The server answered 5xx, or refused to go on safely (no TLS, no login): not worth repeating.
        case refused
        case badAddress
    }

    public let code: Code
    /// What happened, with the server's own answer where it gave one:
    /// "the server at mail.example.org:587 answered 451 4.7.1 try again later".
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// Whether a later attempt may succeed.
    public var isTransient: Bool { code == .unreachable || code == .deferred }
}
