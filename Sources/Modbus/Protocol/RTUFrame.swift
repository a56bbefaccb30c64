/// A Modbus RTU frame: the unit id, the PDU and the CRC-16, low byte first. Frames carry no
/// length, so a reader works it out from the function code and, for reads, the byte count.
public struct RTUFrame: Sendable, Equatable {
    public var unitID: UInt8
    public var pdu: [UInt8]

    /// A frame is at most 256 bytes: a unit id, a PDU of up to 253 and two of CRC.
    public static let maximumSize = 256

    public init(unitID: UInt8, pdu: [UInt8]) {
        self.unitID = unitID
        self.pdu = pdu
    }

    public var bytes: [UInt8] {
        var bytes = [unitID] + pdu
        let crc = CRC16.modbus(bytes)
        bytes.append(UInt8(crc & 0xFF))
        bytes.append(UInt8(crc >> 8))
        return bytes
    }

    /// What kind of frame a reader expects: a server reads requests, a client responses.
    public enum Direction: Sendable {
        case request, response
    }

    /// The size of the frame that `bytes` begins, once enough of it is there to tell; nil
    /// while more bytes are needed. Throws for a function code Listor does not speak.
    public static func size<Bytes: Collection<UInt8>>(of bytes: Bytes, _ direction: Direction) throws(ModbusError) -> Int? {
        guard bytes.count >= 2 else { return nil }
        func byte(_ offset: Int) -> Int { Int(bytes[bytes.index(bytes.startIndex, offsetBy: offset)]) }
        let code = UInt8(byte(1))
        if direction == .response, code & 0x80 != 0 { return 5 }
        guard let function = FunctionCode(rawValue: code) else {
            throw .malformed("function code \(code) at byte 2 of an RTU frame is not one Listor speaks")
        }
        switch (function, direction) {
        case (.readCoils, .response), (.readDiscreteInputs, .response), (.readHoldingRegisters, .response), (.readInputRegisters, .response):
            guard bytes.count >= 3 else { return nil }
            return 3 + byte(2) + 2
        case (.writeMultipleCoils, .request), (.writeMultipleRegisters, .request):
            guard bytes.count >= 7 else { return nil }
            return 7 + byte(6) + 2
        default:
            return 8
        }
    }

    /// The frame at the front of `bytes` and its size, without consuming anything; nil while
    /// it is not complete. Throws `.crcMismatch` for a frame whose CRC is wrong (noise on the
    /// line) and `.malformed` for bytes that cannot begin a frame.
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ direction: Direction) throws(ModbusError) -> (frame: RTUFrame, size: Int)? {
        guard let size = try size(of: bytes, direction) else { return nil }
        guard size <= maximumSize else { throw .malformed("an RTU frame of \(size) bytes is over the limit of \(maximumSize)") }
        guard bytes.count >= size else { return nil }
        let frame = Array(bytes.prefix(size))
        let computed = CRC16.modbus(frame[..<(size - 2)])
        let received = UInt16(frame[size - 2]) | UInt16(frame[size - 1]) << 8
        guard computed == received else { throw .crcMismatch(received: received, computed: computed) }
        return (RTUFrame(unitID: frame[0], pdu: Array(frame[1..<(size - 2)])), size)
    }
}
