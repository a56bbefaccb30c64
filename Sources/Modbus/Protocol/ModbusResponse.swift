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
        // What a poll mostly reads, from contiguous bytes without a copy; anything else, errors
        // included, goes the general way.
        if let registers = pdu.withContiguousStorageIfAvailable({ Self.registers($0, answering: request) }) ?? nil {
            self = .registers(registers)
            return
        }
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

    /// The registers a well-formed answer to a register read holds; nil for anything else.
    private static func registers(_ bytes: UnsafeBufferPointer<UInt8>, answering request: ModbusRequest) -> [UInt16]? {
        let count: Int
        switch request {
        case .readHoldingRegisters(_, let wanted), .readInputRegisters(_, let wanted): count = wanted
        default: return nil
        }
        guard bytes.count == 2 + count * 2, bytes[0] == request.function.rawValue, Int(bytes[1]) == count * 2 else { return nil }
        return [UInt16](unsafeUninitializedCapacity: count) { registers, initialized in
            for index in 0..<count {
                registers[index] = UInt16(bytes[2 + index * 2]) << 8 | UInt16(bytes[3 + index * 2])
            }
            initialized = count
        }
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
