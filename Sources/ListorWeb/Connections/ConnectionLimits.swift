import NIOCore

/// The bounds on every connection to the web server: how long a client may take to send a
/// request's headers and its body, how long a kept-alive connection may sit idle, and how many
/// connections and event streams may be open at once.
public struct ConnectionLimits: Sendable, Hashable {
    /// From the connection's start to the end of the first request's headers.
    public var headerTimeout: Duration
    /// From the end of a response to the end of the next request's headers, on a kept-alive connection.
    public var idleTimeout: Duration
    /// From the end of a request's headers to the end of its body.
    public var bodyTimeout: Duration
    /// Connections open at once; one more is answered 503 with `Retry-After` and closed.
    public var maximumConnections: Int
    /// Connections open at once from one client address; one more is closed at once, so that
    /// one client cannot take every connection and leave the others waiting.
    public var maximumConnectionsPerClient: Int
    /// Event streams (`/modbus/events`) open at once from one client address.
    public var maximumStreamsPerClient: Int
    /// How long a response (an event stream, say) may wait for a client that has stopped reading,
    /// once its buffers are full, before the connection is dropped. An event stream's buffers are
    /// kept small (`ConnectionGuard`), so that they fill within a few dozen events.
    public var writeTimeout: Duration
    /// What `Retry-After` says when a connection or a stream is refused, in seconds.
    public var retryAfter: Int

    public init(headerTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(60), bodyTimeout: Duration = .seconds(60),
                maximumConnections: Int = 1000, maximumConnectionsPerClient: Int = 100, maximumStreamsPerClient: Int = 10,
                writeTimeout: Duration = .seconds(30), retryAfter: Int = 5) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerClient = maximumConnectionsPerClient
        self.maximumStreamsPerClient = maximumStreamsPerClient
        self.writeTimeout = writeTimeout
        self.retryAfter = retryAfter
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
