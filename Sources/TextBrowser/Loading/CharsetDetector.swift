/// Which encoding a page's bytes are in, in the order of the WHATWG encoding sniffing
/// algorithm: a byte-order mark, then the HTTP `charset`, then a `<meta>` in the first 1024
/// bytes. With none of them, bytes that are valid UTF-8 are read as UTF-8 (as Firefox and Go's
/// `html/charset` do), anything else as windows-1252.
public enum CharsetDetector {
    public enum Source: String, Sendable, Hashable {
        case byteOrderMark = "byte-order mark"
        case http = "HTTP header"
        case meta = "<meta> tag"
        case sniffed = "content"
        case fallback = "default"
        case override = "chosen by hand"
    }

    public struct Detection: Sendable, Hashable {
        public var charset: Charset
        public var source: Source

        public init(charset: Charset, source: Source) {
            self.charset = charset
            self.source = source
        }
    }

    public static func detect(_ bytes: [UInt8], contentType: String?) -> Detection {
        if let bom = byteOrderMark(bytes) { return Detection(charset: bom.charset, source: .byteOrderMark) }
        if let label = contentType.flatMap(charsetParameter), let charset = Charset(label: label) {
            return Detection(charset: charset, source: .http)
        }
        if let charset = MetaPrescan.charset(in: bytes.prefix(1024)) { return Detection(charset: charset, source: .meta) }
        if bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) != nil {
            return Detection(charset: .utf8, source: .sniffed)
        }
        return Detection(charset: .windows1252, source: .fallback)
    }

    /// The encoding a byte-order mark names, and the mark's length.
    static func byteOrderMark(_ bytes: [UInt8]) -> (charset: Charset, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        return nil
    }

    /// `charset` from a `Content-Type` value: `text/html; charset="iso-8859-15"` → `iso-8859-15`.
    public static func charsetParameter(_ contentType: String) -> String? {
        ContentType(contentType)?.parameters["charset"]
    }
}
