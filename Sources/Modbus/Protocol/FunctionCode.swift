/// The Modbus function codes Listor speaks.
public enum FunctionCode: UInt8, Sendable, CaseIterable {
    case readCoils = 0x01
    case readDiscreteInputs = 0x02
    case readHoldingRegisters = 0x03
    case readInputRegisters = 0x04
    case writeSingleCoil = 0x05
    case writeSingleRegister = 0x06
    case writeMultipleCoils = 0x0F
    case writeMultipleRegisters = 0x10

    public var name: String {
        switch self {
        case .readCoils: "read coils (01)"
        case .readDiscreteInputs: "read discrete inputs (02)"
        case .readHoldingRegisters: "read holding registers (03)"
        case .readInputRegisters: "read input registers (04)"
        case .writeSingleCoil: "write single coil (05)"
        case .writeSingleRegister: "write single register (06)"
        case .writeMultipleCoils: "write multiple coils (15)"
        case .writeMultipleRegisters: "write multiple registers (16)"
        }
    }
}
