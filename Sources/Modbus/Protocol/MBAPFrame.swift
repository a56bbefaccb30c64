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
        write { bytes += $0 }
        return bytes
    }

    /// Hands the frame's bytes to `output`, the header then the PDU, for transports with
    /// buffers of their own.
    @inlinable
    public func write(to output: (UnsafeRawBufferPointer) -> Void) {
        let length = UInt16(pdu.count + 1)
        let header: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            UInt8(transactionID >> 8), UInt8(transactionID & 0xFF), 0, 0, UInt8(length >> 8), UInt8(length & 0xFF), unitID)
        withUnsafeBytes(of: header) { output($0) }
        pdu.withUnsafeBytes { output($0) }
    }

    /// Reads one frame from the front of `buffer` and removes it; nil when the frame is not
    /// complete yet. Throws on a frame no Modbus TCP peer sends (another protocol id, a length
    /// that cannot hold a PDU or is over the limit): the stream cannot be trusted after that.
    public static func read(from buffer: inout [UInt8]) throws(ModbusError) -> MBAPFrame? {
        guard let (frame, size) = try parse(buffer) else { return nil }
        buffer.removeFirst(size)
        return frame
    }

    /// The frame at the front of `bytes` and its size in bytes, without consuming anything:
    /// for transports that keep their own buffers. Nil and throws as `read(from:)`.
    @inlinable
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(ModbusError) -> (frame: MBAPFrame, size: Int)? {
        guard let header = try header(bytes), bytes.count >= header.size else { return nil }
        let pduStart = bytes.index(bytes.startIndex, offsetBy: headerSize)
        let pduEnd = bytes.index(pduStart, offsetBy: header.size - headerSize)
        return (MBAPFrame(transactionID: header.transactionID, unitID: header.unitID, pdu: Array(bytes[pduStart..<pduEnd])), header.size)
    }

    /// The header at the front of `bytes` and the whole frame's size, once the header is there:
    /// for a reader that takes the PDU where it lies. Throws as `parse`.
    @inlinable
    public static func header<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(ModbusError) -> (transactionID: UInt16, unitID: UInt8, size: Int)? {
        guard bytes.count >= headerSize else { return nil }
        var header = bytes.makeIterator()
        func next() -> UInt16 { UInt16(header.next() ?? 0) }
        let transactionID = next() << 8 | next()
        let protocolID = next() << 8 | next()
        guard protocolID == 0 else { throw .malformed("protocol id \(protocolID), Modbus is 0") }
        let length = Int(next() << 8 | next())
        guard length >= 2 else { throw .malformed("length \(length) leaves no room for a function code") }
        guard length - 1 <= maximumPDUSize else { throw .malformed("length \(length) is over the limit of \(maximumPDUSize + 1)") }
        return (transactionID, UInt8(next()), headerSize - 1 + length)
    }
}
