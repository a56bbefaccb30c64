import Hummingbird

/// How the web server listens and what it accepts.
public struct WebConfiguration: Sendable {
    /// Loopback by default: Listor is reachable from other machines only when asked to be.
    public var host: String
    public var port: Int
    /// Requests declaring a larger body are refused with 413 before anything reads them.
    public var maximumRequestBodySize: Int

    public init(host: String = "127.0.0.1", port: Int = 8080, maximumRequestBodySize: Int = 1 << 20) {
        self.host = host
        self.port = port
        self.maximumRequestBodySize = maximumRequestBodySize
    }
}
