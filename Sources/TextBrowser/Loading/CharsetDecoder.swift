#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes in a `Charset` to a string. UTF-8 and windows-1252 are decoded here; every other
/// encoding through the C library's iconv. Bytes that are not valid in the encoding become
/// U+FFFD, as browsers show them; nothing is dropped silently. The iconv converters it opens
/// are kept in its pool for the next page.
public struct CharsetDecoder: Sendable {
    private let converters: IconvPool

    public init(converters: IconvPool = IconvPool()) {
        self.converters = converters
    }

    public func decode(_ bytes: [UInt8], as charset: Charset) -> String {
        var bytes = bytes[...]
        if let bom = CharsetDetector.byteOrderMark(Array(bytes.prefix(3))), bom.charset == charset { bytes = bytes.dropFirst(bom.length) }
        switch charset {
        case .utf8: return String(decoding: bytes, as: UTF8.self)
        case .windows1252: return Self.windows1252(bytes)
        default: return convert(bytes, from: charset.iconvName) ?? String(decoding: bytes, as: UTF8.self)
        }
    }

    /// windows-1252: Latin-1 but for 0x80–0x9F, as the WHATWG index maps them.
    private static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte) {
                scalars.append(Unicode.Scalar(high1252[Int(byte - 0x80)]) ?? "\u{FFFD}")
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static let high1252: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// iconv to UTF-8, a replacement character for each byte it cannot read; nil if iconv does not know the encoding.
    private func convert(_ bytes: ArraySlice<UInt8>, from name: String) -> String? {
        converters.withConverter(from: name) { converter in
            var input = Array(bytes)
            var output: [UInt8] = []
            output.reserveCapacity(input.count * 2)
            input.withUnsafeMutableBufferPointer { inputBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = inputBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var inLeft = inputBuffer.count
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4_096) { chunkBuffer in
                    while true {
                        var outPointer: UnsafeMutablePointer<CChar>? = chunkBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                        var outLeft = chunkBuffer.count
                        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                        output.append(contentsOf: chunkBuffer[0..<(chunkBuffer.count - outLeft)])
                        if result != -1 {
                            if inLeft == 0 { break }
                            continue
                        }
                        switch errno {
                        case E2BIG:
                            continue
                        case EILSEQ, EINVAL:
                            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                            inPointer = inPointer.map { $0 + 1 }
                            inLeft -= 1
                            if inLeft <= 0 { return }
                        default:
                            return
                        }
                    }
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
