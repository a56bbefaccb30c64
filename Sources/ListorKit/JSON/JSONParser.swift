/// A syntax error in a JSON text, with the 1-based line and column where it was found.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Foundation's `JSONDecoder` reads about 17 MB/s on Linux, slower than CPython's `json`
/// module; catalogs of a million parts need more, and error reports need line and column,
/// so ListorKit scans the bytes itself. Nesting is bounded so hostile input cannot exhaust
/// the stack.
public struct JSONParser {
    /// How deeply arrays and objects may nest.
    public static let maximumDepth = 512

    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let parsed: Result<JSONValue, JSONSyntaxError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in try parse(buffer: buffer) }
        }
        if let parsed { return try parsed.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try parse(buffer: buffer) }
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var scanner = Scanner(bytes: buffer)
        scanner.skipWhitespace()
        if scanner.index == buffer.count {
            throw scanner.error("the text is empty; expected a JSON value")
        }
        let value = try scanner.parseValue(depth: 0)
        scanner.skipWhitespace()
        if scanner.index < buffer.count {
            throw scanner.error("unexpected \(scanner.describeCurrent()) after the end of the JSON value")
        }
        return value
    }
}

// MARK: - Scanner

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of text; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        index += 1  // {
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members: members))
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after member name \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text; expected ',' or '}' in an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(JSONObject(members: members))
            default: throw error("expected ',' or '}' after a member, found \(describeCurrent())")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text; expected ',' or ']' in an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        let contentStart = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                guard let string = String(validating: content, as: UTF8.self) else {
                    index = start
                    throw error("the string is not valid UTF-8")
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character \(describeCurrent()) inside a string; escape it") }
            index += 1
        }
        guard index < bytes.count else {
            index = start
            throw error("the string is never closed with '\"'")
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    index = start
                    throw error("the string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case 0..<0x20:
                throw error("control character \(describeCurrent()) inside a string; escape it")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        index = start
        throw error("the string is never closed with '\"'")
    }

    mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1  // backslash
        guard index < bytes.count else { throw error("unexpected end of text in an escape sequence") }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw error("unknown escape sequence '\\\(describeCurrentCharacter())'")
        }
        if let simple {
            utf8.append(simple)
            index += 1
            return
        }
        index += 1
        var scalarValue = UInt32(try parseHex4())
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("a high surrogate \\u\(String(scalarValue, radix: 16, uppercase: true)) must be followed by a low surrogate")
            }
            index += 2
            let low = UInt32(try parseHex4())
            guard (0xDC00...0xDFFF).contains(low) else { throw error("expected a low surrogate after a high surrogate") }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw error("a lone low surrogate \\u\(String(scalarValue, radix: 16, uppercase: true)) is not a character")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("\\u escape is not a Unicode scalar") }
        utf8.append(contentsOf: String(Character(scalar)).utf8)
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("expected four hexadecimal digits after \\u") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected a hexadecimal digit after \\u, found \(describeCurrent())")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Numbers as RFC 8259 writes them. Short decimals are computed exactly from an integer
    /// mantissa and a power of ten; anything longer goes to the standard library's parser.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in a number, found \(describeCurrent())") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("a number must not have leading zeros") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
            while index < bytes.count, isDigit(bytes[index]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                fractionDigits += 1
                index += 1
            }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if !hasExponent, digits <= 15, fractionDigits < Scanner.powersOfTen.count {
            let magnitude = Double(mantissa) / Scanner.powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is out of range")
        }
        return value
    }

    /// Exact powers of ten: a mantissa below 2^53 divided by one of these rounds correctly.
    static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        let matches = index + length <= bytes.count
            && (0..<length).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
        guard matches else { throw error("unexpected \(describeCurrent()); expected a value") }
        index += length
    }

    // MARK: Error reporting

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of text" }
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return "byte 0x\(String(byte, radix: 16, uppercase: true))" }
        return "'\(describeCurrentCharacter())'"
    }

    func describeCurrentCharacter() -> String {
        guard index < bytes.count else { return "" }
        let end = Swift.min(bytes.count, index + 4)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return text.first.map(String.init) ?? ""
    }

    /// Line and column are counted only when an error is thrown, so the hot path pays nothing.
    func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for position in 0..<Swift.min(index, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let columnBytes = UnsafeBufferPointer(rebasing: bytes[lineStart..<Swift.min(index, bytes.count)])
        let column = String(decoding: columnBytes, as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
