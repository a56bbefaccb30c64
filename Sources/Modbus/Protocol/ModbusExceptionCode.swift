/// A Modbus exception code: the device understood the request and refused it.
public enum ModbusExceptionCode: UInt8, Error, Sendable, CaseIterable {
    case illegalFunction = 0x01
    case illegalDataAddress = 0x02
    case illegalDataValue = 0x03
    case serverDeviceFailure = 0x04
    case acknowledge = 0x05
    case serverDeviceBusy = 0x06
    case negativeAcknowledge = 0x07
    case memoryParityError = 0x08
    case gatewayPathUnavailable = 0x0A
    case gatewayTargetFailedToRespond = 0x0B

    /// The name the Modbus specification gives it.
    public var name: String {
        switch self {
        case .illegalFunction: "illegal function"
        case .illegalDataAddress: "illegal data address"
        case .illegalDataValue: "illegal data value"
        case .serverDeviceFailure: "server device failure"
        case .acknowledge: "acknowledge"
        case .serverDeviceBusy: "server device busy"
        case .negativeAcknowledge: "negative acknowledge"
        case .memoryParityError: "memory parity error"
        case .gatewayPathUnavailable: "gateway path unavailable"
        case .gatewayTargetFailedToRespond: "gateway target device failed to respond"
        }
    }
}
