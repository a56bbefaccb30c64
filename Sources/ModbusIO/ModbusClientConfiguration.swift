import Modbus

/// Limits of a Modbus client.
public struct ModbusClientConfiguration: Sendable {
    public var connectTimeout: Duration
    public var responseTimeout: Duration
    /// The wait before the first reconnection after a failed one; it doubles up to `maximumBackoff`.
    public var initialBackoff: Duration
    public var maximumBackoff: Duration
    /// RTU: how long a frame may stop before it counts as cut short. The specification's 1.5
    /// characters (1.7 ms at 9600 baud) is what the line allows, but USB adapters and the kernel
    /// hand bytes over in bursts (an FTDI chip every 16 ms), so the wait is never shorter than this.
    public var minimumCharacterTimeout: Duration
    /// RTU on a serial port: the silence kept before each request; nil for the specification's
    /// 3.5 characters at the line's baud rate (1.75 ms above 19200 baud). Over TCP the gateway
    /// keeps the line's silences, so none is kept there.
    public var frameGap: Duration?

    public init(connectTimeout: Duration = .seconds(3), responseTimeout: Duration = .seconds(2),
                initialBackoff: Duration = .milliseconds(200), maximumBackoff: Duration = .seconds(10),
                minimumCharacterTimeout: Duration = .milliseconds(50), frameGap: Duration? = nil) {
        self.connectTimeout = connectTimeout
        self.responseTimeout = responseTimeout
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.minimumCharacterTimeout = minimumCharacterTimeout
        self.frameGap = frameGap
    }
}
