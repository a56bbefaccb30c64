/// A fast 64-bit hash of bytes, to tell a damaged or changed file from the one written: four
/// lanes of multiply-and-rotate over 8-byte words, mixed at the end. Not cryptographic; a file
/// made to collide on purpose is not what it guards against.
public struct ContentHash: Sendable {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
    private var length: UInt64 = 0
    private static let prime: UInt64 = 0x9FB2_1C65_1E98_DF25

    public init() {}

    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = ContentHash()
        hash.add(bytes)
        return hash.value
    }

    /// Adds `bytes`; a whole hash is the same whether its bytes come at once or in pieces whose
    /// sizes are multiples of 32.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let count = bytes.count
        var (a, b, c, d) = lanes
        while offset + 32 <= count {
            a = Self.round(a, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            b = Self.round(b, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            c = Self.round(c, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            d = Self.round(d, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        var lane = 0
        while offset < count {
            let word = UInt64(bytes[offset]) << UInt64(8 * (offset % 8))
            switch lane % 4 {
            case 0: a = Self.round(a, word)
            case 1: b = Self.round(b, word)
            case 2: c = Self.round(c, word)
            default: d = Self.round(d, word)
            }
            lane += 1
            offset += 1
        }
        lanes = (a, b, c, d)
        length &+= UInt64(count)
    }

    public var value: UInt64 {
        var hash = length &* Self.prime
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
            hash = (hash ^ Self.round(0, lane)) &* Self.prime
            hash ^= hash >> 29
        }
        return hash ^ (hash >> 32)
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = accumulator &+ word &* 0xC2B2_AE3D_27D4_EB4F
        return ((mixed << 31) | (mixed >> 33)) &* prime
    }
}
