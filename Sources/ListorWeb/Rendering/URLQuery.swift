/// Query strings for links: "search=bc%2054&family=bjt".
enum URLQuery {
    /// Percent-encodes every byte but the unreserved ones of RFC 3986, so a value survives
    /// any decoder: a "+" stays a plus and a space is "%20", never "+".
    static func encode(_ pairs: [(name: String, value: String)]) -> String {
        var bytes: [UInt8] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            append(pair.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            append(pair.value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
    }
}
