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
