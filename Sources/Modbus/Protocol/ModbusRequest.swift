/// A request PDU: function code and data, without the MBAP header. Addresses are 0-based,
/// as on the wire.
public enum ModbusRequest: Sendable, Hashable {
    case readCoils(address: UInt16, count: Int)
    case readDiscreteInputs(address: UInt16, count: Int)
    case readHoldingRegisters(address: UInt16, count: Int)
    case readInputRegisters(address: UInt16, count: Int)
    case writeSingleCoil(address: UInt16, value: Bool)
    case writeSingleRegister(address: UInt16, value: UInt16)
    case writeMultipleCoils(address: UInt16, values: [Bool])
    case writeMultipleRegisters(address: UInt16, values: [UInt16])

    /// The protocol's limits per request (Modbus Application Protocol 1.1b3, section 6).
    public static let maximumReadBits = 2000
    public static let maximumReadRegisters = 125
    public static let maximumWriteBits = 1968
    public static let maximumWriteRegisters = 123

    public var function: FunctionCode {
        switch self {
        case .readCoils: .readCoils
        case .readDiscreteInputs: .readDiscreteInputs
        case .readHoldingRegisters: .readHoldingRegisters
        case .readInputRegisters: .readInputRegisters
        case .writeSingleCoil: .writeSingleCoil
        case .writeSingleRegister: .writeSingleRegister
        case .writeMultipleCoils: .writeMultipleCoils
        case .writeMultipleRegisters: .writeMultipleRegisters
        }
    }

    /// Checks the protocol's limits, so that a bad request fails here rather than at the device.
    public func validate() throws(ModbusError) {
        func check(_ address: UInt16, _ count: Int, limit: Int, _ what: String) throws(ModbusError) {
            guard count >= 1, count <= limit else {
                throw .invalidRequest("\(function.name) takes 1 to \(limit) \(what), not \(count)")
            }
            guard Int(address) + count <= 0x10000 else {
                throw .invalidRequest("\(count) \(what) from address \(address) run past the last address, 65535")
            }
        }
        switch self {
        case .readCoils(let address, let count), .readDiscreteInputs(let address, let count):
            try check(address, count, limit: Self.maximumReadBits, "bits")
        case .readHoldingRegisters(let address, let count), .readInputRegisters(let address, let count):
            try check(address, count, limit: Self.maximumReadRegisters, "registers")
        case .writeSingleCoil, .writeSingleRegister:
            break
        case .writeMultipleCoils(let address, let values):
            try check(address, values.count, limit: Self.maximumWriteBits, "coils")
        case .writeMultipleRegisters(let address, let values):
            try check(address, values.count, limit: Self.maximumWriteRegisters, "registers")
        }
    }

    /// The function, first address and count of a read; nil for a write.
    public var read: (function: FunctionCode, address: UInt16, count: Int)? {
        switch self {
        case .readCoils(let address, let count), .readDiscreteInputs(let address, let count),
             .readHoldingRegisters(let address, let count), .readInputRegisters(let address, let count):
            (function, address, count)
        default: nil
        }
    }

    /// The PDU's bytes. Call `validate()` first; counts beyond the limits do not fit the format.
    public var pdu: [UInt8] {
        var bytes: [UInt8] = [function.rawValue]
        switch self {
        case .readCoils(let address, let count), .readDiscreteInputs(let address, let count),
             .readHoldingRegisters(let address, let count), .readInputRegisters(let address, let count):
            bytes.appendWord(address)
            bytes.appendWord(UInt16(clamping: count))
        case .writeSingleCoil(let address, let value):
            bytes.appendWord(address)
            bytes.appendWord(value ? 0xFF00 : 0x0000)
        case .writeSingleRegister(let address, let value):
            bytes.appendWord(address)
            bytes.appendWord(value)
        case .writeMultipleCoils(let address, let values):
            let packed = packBits(values)
            bytes.appendWord(address)
            bytes.appendWord(UInt16(clamping: values.count))
            bytes.append(UInt8(clamping: packed.count))
            bytes += packed
        case .writeMultipleRegisters(let address, let values):
            bytes.appendWord(address)
            bytes.appendWord(UInt16(clamping: values.count))
            bytes.append(UInt8(clamping: values.count * 2))
            for value in values { bytes.appendWord(value) }
        }
        return bytes
    }

    /// Reads a request PDU, as a server does. Function codes Listor does not serve are
    /// `ModbusError.exception(.illegalFunction)`; bad counts are `.illegalDataValue`, as the
    /// specification asks a server to answer.
    public init(pdu: some Collection<UInt8>) throws(ModbusError) {
        var reader = ByteReader(pdu)
        let code = try reader.byte("function code")
        guard let function = FunctionCode(rawValue: code) else {
            throw .exception(.illegalFunction, function: .readHoldingRegisters)
        }
        func illegalValue() -> ModbusError { .exception(.illegalDataValue, function: function) }
        let address = try reader.word("address")
        switch function {
        case .readCoils, .readDiscreteInputs, .readHoldingRegisters, .readInputRegisters:
            let count = Int(try reader.word("quantity"))
            switch function {
            case .readCoils: self = .readCoils(address: address, count: count)
            case .readDiscreteInputs: self = .readDiscreteInputs(address: address, count: count)
            case .readHoldingRegisters: self = .readHoldingRegisters(address: address, count: count)
            default: self = .readInputRegisters(address: address, count: count)
            }
        case .writeSingleCoil:
            switch try reader.word("value") {
            case 0xFF00: self = .writeSingleCoil(address: address, value: true)
            case 0x0000: self = .writeSingleCoil(address: address, value: false)
            default: throw illegalValue()
            }
        case .writeSingleRegister:
            self = .writeSingleRegister(address: address, value: try reader.word("value"))
        case .writeMultipleCoils:
            let count = Int(try reader.word("quantity"))
            let byteCount = Int(try reader.byte("byte count"))
            guard byteCount == (count + 7) / 8 else { throw illegalValue() }
            let packed = try reader.bytes(byteCount, "coil values")
            self = .writeMultipleCoils(address: address, values: unpackBits(packed, count: count))
        case .writeMultipleRegisters:
            let count = Int(try reader.word("quantity"))
            let byteCount = Int(try reader.byte("byte count"))
            guard byteCount == count * 2 else { throw illegalValue() }
            self = .writeMultipleRegisters(address: address, values: try (0..<count).map { _ throws(ModbusError) in try reader.word("register value") })
        }
        try reader.expectEnd()
        do { try validate() } catch { throw illegalValue() }
    }
}
