import Foundation

/// Bounds on one request: how long it may take and how big its body may be.
public struct HTTPLimits: Sendable, Hashable {
    public var timeout: Duration
    public var maximumBodySize: Int

    public init(timeout: Duration = .seconds(30), maximumBodySize: Int = 64 << 20) {
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }
}
