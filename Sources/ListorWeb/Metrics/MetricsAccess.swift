/// Who may read `GET /metrics` on the main server.
public enum MetricsAccess: Sendable, Hashable {
    /// Anyone who can reach the server (it binds to loopback unless told otherwise).
    case open
    /// Only requests with `Authorization: Bearer <token>`: the library's admin token.
    case token(String)
    /// Not on this server: metrics have a port of their own (`--metrics-port`), or none.
    case none
}
