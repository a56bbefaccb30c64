import Modbus
import NIOCore
import NIOPosix

/// Limits of a Modbus TCP client.
public struct ModbusClientConfiguration: Sendable {
    public var connectTimeout: Duration
    public var responseTimeout: Duration
    /// The wait before the first reconnection after a failed one; it doubles up to `maximumBackoff`.
    public var initialBackoff: Duration
    public var maximumBackoff: Duration

    public init(connectTimeout: Duration = .seconds(3), responseTimeout: Duration = .seconds(2),
                initialBackoff: Duration = .milliseconds(200), maximumBackoff: Duration = .seconds(10)) {
        self.connectTimeout = connectTimeout
        self.responseTimeout = responseTimeout
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }
}
