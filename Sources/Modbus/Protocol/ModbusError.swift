
/// Everything that can go wrong talking Modbus, each saying what and where.
public enum ModbusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device answered with an exception.
    case exception(ModbusExceptionCode, function: FunctionCode)
    /// The device answered with an exception code the specification does not define.
    case unknownException(code: UInt8, function: FunctionCode)
    /// The request breaks a limit of the protocol; it was not sent.
    case invalidRequest(String)
    /// Bytes that are not a well-formed Modbus frame or PDU.
    case malformed(String)
    /// An RTU frame whose CRC does not match its bytes: noise on the line.
    case crcMismatch(received: UInt16, computed: UInt16)
    /// A response that does not answer the request that was sent.
    case mismatchedResponse(String)
    case connectFailed(endpoint: String, reason: String)
    case connectTimeout(endpoint: String, seconds: Double)
    case responseTimeout(endpoint: String, seconds: Double)
    case disconnected(endpoint: String)
    /// The serial port stopped working under Listor: an adapter unplugged, a line hung up.
    case portLost(path: String, reason: String)
    /// The task that asked was cancelled before the request's turn on the line; it was not sent.
    case cancelled

    /// True when the link failed rather than the request: no other request would get through now.
    public var isLinkFailure: Bool {
        switch self {
        case .connectFailed, .connectTimeout, .responseTimeout, .disconnected, .portLost: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .exception(let code, let function):
            "exception \(String(format2: code.rawValue)) (\(code.name)) for \(function.name)"
        case .unknownException(let code, let function):
            "exception \(String(format2: code)) (not defined by Modbus) for \(function.name)"
        case .invalidRequest(let reason): "invalid request: \(reason)"
        case .malformed(let reason): "malformed frame: \(reason)"
        case .crcMismatch(let received, let computed):
            "CRC error: the frame carries 0x\(hex4(received)), its bytes give 0x\(hex4(computed))"
        case .mismatchedResponse(let reason): "response does not match the request: \(reason)"
        case .connectFailed(let endpoint, let reason): "cannot connect to \(endpoint): \(reason)"
        case .connectTimeout(let endpoint, let seconds): "no connection to \(endpoint) within \(seconds.formatted2) s"
        case .responseTimeout(let endpoint, let seconds): "no response from \(endpoint) within \(seconds.formatted2) s"
        case .disconnected(let endpoint): "\(endpoint) closed the connection"
        case .portLost(let path, let reason): "lost the serial port \(path): \(reason)"
        case .cancelled: "cancelled before it was sent"
        }
    }
}

extension String {
    /// "02" for 2: exception codes as the specification and mbpoll write them.
    init(format2 value: UInt8) {
        self = value < 0x10 ? "0" + String(value, radix: 16, uppercase: true) : String(value, radix: 16, uppercase: true)
    }
}

/// "0F3A": a CRC as four hex digits.
private func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
}

extension Double {
    var formatted2: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
