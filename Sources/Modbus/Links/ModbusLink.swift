/// How Listor reaches a device: Modbus TCP, Modbus RTU on a serial line, or RTU frames over a
/// TCP connection, as cheap Ethernet–RS-485 gateways pass them on.
public enum ModbusLink: Sendable, Hashable, CustomStringConvertible {
    case tcp(host: String, port: Int)
    case rtu(SerialLine)
    case rtuOverTCP(host: String, port: Int)

    /// "10.0.0.7:502", "/dev/ttyUSB0 9600 8N1", "RTU over TCP at 10.0.0.7:4001".
    public var description: String {
        switch self {
        case .tcp(let host, let port): Self.endpoint(host, port)
        case .rtu(let line): line.description
        case .rtuOverTCP(let host, let port): "RTU over TCP at \(Self.endpoint(host, port))"
        }
    }

    /// Where errors say the device is: "10.0.0.7:502", "/dev/ttyUSB0".
    public var endpoint: String {
        switch self {
        case .tcp(let host, let port), .rtuOverTCP(let host, let port): Self.endpoint(host, port)
        case .rtu(let line): line.path
        }
    }

    /// Whether requests go in RTU frames.
    public var isRTU: Bool {
        if case .tcp = self { false } else { true }
    }

    static func endpoint(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
