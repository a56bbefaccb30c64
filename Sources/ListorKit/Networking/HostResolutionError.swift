/// Why a host name could not be resolved.
public struct HostResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var reason: String

    public init(host: String, reason: String) {
        self.host = host
        self.reason = reason
    }

    public var description: String { "cannot resolve \(host): \(reason)" }
}
