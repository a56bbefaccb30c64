import Hummingbird

/// How the web server listens and what it accepts.
public struct WebConfiguration: Sendable {
    /// Loopback by default: Listor is reachable from other machines only when asked to be.
    public var host: String
    public var port: Int
    /// Requests declaring a larger body are refused with 413 before anything reads them.
    public var maximumRequestBodySize: Int
    /// Host names the server answers to besides IP addresses and `localhost` (`--public-host`):
    /// any other `Host` is refused, so that DNS rebinding cannot reach the server.
    public var publicHosts: [String]
    public var limits: ConnectionLimits
    /// What is counted, and what `GET /metrics` answers.
    public var metrics: WebMetrics
    /// Who may read `GET /metrics` on this server: anyone, those with the token, or nobody
    /// (served on a port of its own, or not at all).
    public var metricsAccess: MetricsAccess

    public init(host: String = "127.0.0.1", port: Int = 8080, maximumRequestBodySize: Int = 1 << 20, publicHosts: [String] = [],
                limits: ConnectionLimits = ConnectionLimits(), metrics: WebMetrics = WebMetrics(), metricsAccess: MetricsAccess = .open) {
        self.metrics = metrics
        self.metricsAccess = metricsAccess
        self.host = host
        self.port = port
        self.maximumRequestBodySize = maximumRequestBodySize
        self.publicHosts = publicHosts
        self.limits = limits
    }
}
