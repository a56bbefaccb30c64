/// The WHATWG "prescan a byte stream to determine its encoding": the `<meta charset>` or
/// `<meta http-equiv=content-type content="…; charset=…">` in the first bytes of a page,
/// skipping comments and other tags' attributes the way the standard says.
enum MetaPrescan {
    static func charset(in bytes: ArraySlice<UInt8>) -> Charset? {
        let bytes = Array(bytes)
        var position = 0
        while position < bytes.count {
            if matches(bytes, at: position, "<!--") {
                position = find(bytes, "-->", from: position + 2).map { $0 + 3 } ?? bytes.count
            } else if matches(bytes, at: position, "<meta"), position + 5 < bytes.count, isSpaceOrSlash(bytes[position + 5]) {
                position += 6
                if let charset = meta(bytes, &position) { return charset }
            } else if bytes[position] == UInt8(ascii: "<"), position + 1 < bytes.count,
                      isLetter(bytes[position + 1]) || bytes[position + 1] == UInt8(ascii: "/") && position + 2 < bytes.count && isLetter(bytes[position + 2]) {
                position += 1
                while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") { position += 1 }
                while attribute(bytes, &position) != nil {}
            } else if matches(bytes, at: position, "<!") || matches(bytes, at: position, "</") || matches(bytes, at: position, "<?") {
                position = find(bytes, ">", from: position).map { $0 + 1 } ?? bytes.count
            } else {
                position += 1
            }
        }
        return nil
    }

    /// The attributes of one `<meta>`, and the encoding they declare when they declare one properly.
    private static func meta(_ bytes: [UInt8], _ position: inout Int) -> Charset? {
        var seen: Set<String> = []
        var gotPragma = false
        var needPragma: Bool?
        var charset: Charset?
        var charsetFailed = false
        while let (name, value) = attribute(bytes, &position) {
            guard seen.insert(name).inserted else { continue }
            switch name {
            case "http-equiv":
                if value == "content-type" { gotPragma = true }
            case "content":
                if charset == nil, !charsetFailed, let label = contentCharset(value) {
                    charset = Charset(label: label)
                    charsetFailed = charset == nil
                    needPragma = true
                }
            case "charset":
                charset = Charset(label: value)
                charsetFailed = charset == nil
                needPragma = false
            default:
                break
            }
        }
        guard let needPragma, !(needPragma && !gotPragma), let charset else { return nil }
        if charset == .utf16BE || charset == .utf16LE { return .utf8 }
        return charset
    }

    /// "Get an attribute": a lower-cased name and value, or nil at `>` or the end.
    private static func attribute(_ bytes: [UInt8], _ position: inout Int) -> (String, String)? {
        while position < bytes.count, isSpaceOrSlash(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] != UInt8(ascii: ">") else { return nil }
        var name: [UInt8] = []
        var value: [UInt8] = []
        nameLoop: while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "="), !name.isEmpty {
                position += 1
                break nameLoop
            } else if isSpace(byte) {
                while position < bytes.count, isSpace(bytes[position]) { position += 1 }
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return (text(name), "") }
                position += 1
                break nameLoop
            } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") {
                return (text(name), "")
            } else {
                name.append(lower(byte))
                position += 1
            }
        }
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return (text(name), "") }
        let first = bytes[position]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            position += 1
            while position < bytes.count, bytes[position] != first {
                value.append(lower(bytes[position]))
                position += 1
            }
            position += 1
            return (text(name), text(value))
        }
        if first == UInt8(ascii: ">") { return (text(name), "") }
        while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
            value.append(lower(bytes[position]))
            position += 1
        }
        return (text(name), text(value))
    }

    /// "Extract a character encoding from a meta element": the label after `charset=` in `content`.
    static func contentCharset(_ content: String) -> String? {
        let bytes = Array(content.utf8)
        var position = 0
        while let found = find(bytes.map(lower), "charset", from: position) {
            position = found + 7
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { continue }
            position += 1
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { return nil }
            let first = bytes[position]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let end = bytes[(position + 1)...].firstIndex(of: first) else { return nil }
                return text(Array(bytes[(position + 1)..<end]))
            }
            let end = bytes[position...].firstIndex { isSpace($0) || $0 == UInt8(ascii: ";") } ?? bytes.count
            return text(Array(bytes[position..<end]))
        }
        return nil
    }

    // MARK: - Bytes

    private static func matches(_ bytes: [UInt8], at position: Int, _ ascii: StaticString) -> Bool {
        let count = ascii.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return ascii.withUTF8Buffer { pattern in
            (0..<count).allSatisfy { lower(bytes[position + $0]) == pattern[$0] }
        }
    }

    private static func find(_ bytes: [UInt8], _ ascii: StaticString, from start: Int) -> Int? {
        var position = max(start, 0)
        while position < bytes.count {
            if matches(bytes, at: position, ascii) { return position }
            position += 1
        }
        return nil
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20 }
    private static func isSpaceOrSlash(_ byte: UInt8) -> Bool { isSpace(byte) || byte == UInt8(ascii: "/") }
}
