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

/// A response PDU, read against the request it answers.
public enum ModbusResponse: Sendable, Hashable {
    case bits([Bool])
    case registers([UInt16])
    case wroteSingleCoil(address: UInt16, value: Bool)
    case wroteSingleRegister(address: UInt16, value: UInt16)
    case wroteMultiple(address: UInt16, count: Int)

    /// Reads the response to `request`. An exception response throws `ModbusError.exception`;
    /// anything that does not fit the request throws, naming what did not fit.
    public init(pdu: some Collection<UInt8>, answering request: ModbusRequest) throws(ModbusError) {
        var reader = ByteReader(pdu)
        let code = try reader.byte("function code")
        let function = request.function
        if code == function.rawValue | 0x80 {
            let exception = try reader.byte("exception code")
            throw ModbusExceptionCode(rawValue: exception).map { .exception($0, function: function) }
                ?? .unknownException(code: exception, function: function)
        }
        guard code == function.rawValue else {
            throw .mismatchedResponse("function code \(code) answers a request with \(function.rawValue)")
        }
        switch request {
        case .readCoils(_, let count), .readDiscreteInputs(_, let count):
            let byteCount = Int(try reader.byte("byte count"))
            guard byteCount == (count + 7) / 8 else {
                throw .mismatchedResponse("\(byteCount) bytes of bits for \(count) bits (expected \((count + 7) / 8))")
            }
            self = .bits(unpackBits(try reader.bytes(byteCount, "bits"), count: count))
        case .readHoldingRegisters(_, let count), .readInputRegisters(_, let count):
            let byteCount = Int(try reader.byte("byte count"))
            guard byteCount == count * 2 else {
                throw .mismatchedResponse("\(byteCount) bytes of registers for \(count) registers (expected \(count * 2))")
            }
            self = .registers(try (0..<count).map { _ throws(ModbusError) in try reader.word("register") })
        case .writeSingleCoil(let address, let value):
            let echoedAddress = try reader.word("address"), echoedValue = try reader.word("value")
            guard echoedAddress == address, echoedValue == (value ? 0xFF00 : 0) else {
                throw .mismatchedResponse("the echo is address \(echoedAddress), value \(echoedValue)")
            }
            self = .wroteSingleCoil(address: address, value: value)
        case .writeSingleRegister(let address, let value):
            let echoedAddress = try reader.word("address"), echoedValue = try reader.word("value")
            guard echoedAddress == address, echoedValue == value else {
                throw .mismatchedResponse("the echo is address \(echoedAddress), value \(echoedValue)")
            }
            self = .wroteSingleRegister(address: address, value: value)
        case .writeMultipleCoils(let address, let values):
            self = try Self.readMultipleEcho(&reader, address: address, count: values.count)
        case .writeMultipleRegisters(let address, let values):
            self = try Self.readMultipleEcho(&reader, address: address, count: values.count)
        }
        try reader.expectEnd()
    }

    private static func readMultipleEcho(_ reader: inout ByteReader, address: UInt16, count: Int) throws(ModbusError) -> ModbusResponse {
        let echoedAddress = try reader.word("address"), echoedCount = Int(try reader.word("quantity"))
        guard echoedAddress == address, echoedCount == count else {
            throw .mismatchedResponse("the echo is \(echoedCount) from address \(echoedAddress)")
        }
        return .wroteMultiple(address: address, count: count)
    }

    /// The PDU a server sends for this response to `request`.
    public func pdu(answering request: ModbusRequest) -> [UInt8] {
        var bytes: [UInt8] = [request.function.rawValue]
        switch self {
        case .bits(let bits):
            let packed = packBits(bits)
            bytes.append(UInt8(clamping: packed.count))
            bytes += packed
        case .registers(let registers):
            bytes.append(UInt8(clamping: registers.count * 2))
            for register in registers { bytes.appendWord(register) }
        case .wroteSingleCoil(let address, let value):
            bytes.appendWord(address)
            bytes.appendWord(value ? 0xFF00 : 0)
        case .wroteSingleRegister(let address, let value):
            bytes.appendWord(address)
            bytes.appendWord(value)
        case .wroteMultiple(let address, let count):
            bytes.appendWord(address)
            bytes.appendWord(UInt16(clamping: count))
        }
        return bytes
    }

    /// The exception PDU a server sends.
    public static func exceptionPDU(_ code: ModbusExceptionCode, function: UInt8) -> [UInt8] {
        [function | 0x80, code.rawValue]
    }
}

// MARK: - Bytes

extension [UInt8] {
    mutating func appendWord(_ word: UInt16) {
        append(UInt8(word >> 8))
        append(UInt8(word & 0xFF))
    }
}

/// Coils are packed eight to a byte, the first in the lowest bit.
func packBits(_ bits: [Bool]) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
    for (index, bit) in bits.enumerated() where bit {
        bytes[index / 8] |= 1 << UInt8(index % 8)
    }
    return bytes
}

func unpackBits(_ bytes: some Collection<UInt8>, count: Int) -> [Bool] {
    let bytes = Array(bytes)
    return (0..<count).map { bytes[$0 / 8] & (1 << UInt8($0 % 8)) != 0 }
}

/// Reads big-endian fields, throwing `.malformed` with the field's name when bytes run out.
struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: some Collection<UInt8>) {
        self.bytes = Array(bytes)
    }

    mutating func byte(_ field: String) throws(ModbusError) -> UInt8 {
        guard position < bytes.count else { throw .malformed("truncated: no \(field) after \(position) bytes") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func word(_ field: String) throws(ModbusError) -> UInt16 {
        guard position + 2 <= bytes.count else { throw .malformed("truncated: no \(field) after \(position) bytes") }
        defer { position += 2 }
        return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
    }

    mutating func bytes(_ count: Int, _ field: String) throws(ModbusError) -> ArraySlice<UInt8> {
        guard position + count <= bytes.count else {
            throw .malformed("truncated: \(field) needs \(count) bytes, \(bytes.count - position) left")
        }
        defer { position += count }
        return bytes[position..<position + count]
    }

    func expectEnd() throws(ModbusError) {
        guard position == bytes.count else { throw .malformed("\(bytes.count - position) bytes after the end of the PDU") }
    }
}
