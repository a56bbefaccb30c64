/// A Modbus TCP application data unit: the MBAP header (transaction id, protocol id 0,
/// length, unit id) and the PDU.
public struct MBAPFrame: Sendable, Equatable {
    public var transactionID: UInt16
    public var unitID: UInt8
    public var pdu: [UInt8]

    /// A PDU is at most 253 bytes, so a frame at most 260.
    public static let maximumPDUSize = 253
    public static let headerSize = 7

    public init(transactionID: UInt16, unitID: UInt8, pdu: [UInt8]) {
        self.transactionID = transactionID
        self.unitID = unitID
        self.pdu = pdu
    }

    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerSize + pdu.count)
        bytes.appendWord(transactionID)
        bytes.appendWord(0)
        bytes.appendWord(UInt16(pdu.count + 1))
        bytes.append(unitID)
        bytes += pdu
        return bytes
    }

    /// Reads one frame from the front of `buffer` and removes it; nil when the frame is not
    /// complete yet. Throws on a frame no Modbus TCP peer sends (another protocol id, a length
    /// that cannot hold a PDU or is over the limit): the stream cannot be trusted after that.
    public static func read(from buffer: inout [UInt8]) throws(ModbusError) -> MBAPFrame? {
        guard buffer.count >= headerSize else { return nil }
        let protocolID = UInt16(buffer[2]) << 8 | UInt16(buffer[3])
        guard protocolID == 0 else { throw .malformed("protocol id \(protocolID), Modbus is 0") }
        let length = Int(UInt16(buffer[4]) << 8 | UInt16(buffer[5]))
        guard length >= 2 else { throw .malformed("length \(length) leaves no room for a function code") }
        guard length - 1 <= maximumPDUSize else { throw .malformed("length \(length) is over the limit of \(maximumPDUSize + 1)") }
        let total = headerSize - 1 + length
        guard buffer.count >= total else { return nil }
        let frame = MBAPFrame(
            transactionID: UInt16(buffer[0]) << 8 | UInt16(buffer[1]),
            unitID: buffer[6],
            pdu: Array(buffer[headerSize..<total]))
        buffer.removeFirst(total)
        return frame
    }
}
