
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

    /// Where to cut a top-level array into `parts` runs of whole elements of about equal size,
    /// so that each run can be parsed on its own thread. Only strings and nesting are tracked,
    /// and only up to the last cut; nil when the text is not an array with enough elements.
    public static func arrayRuns(in buffer: UnsafeBufferPointer<UInt8>, parts: Int) -> [ArrayRun]? {
        var index = 0
        while index < buffer.count, [0x20, 0x0A, 0x0D, 0x09].contains(buffer[index]) { index += 1 }
        guard parts > 1, index < buffer.count, buffer[index] == UInt8(ascii: "[") else { return nil }
        let firstElement = index + 1
        var cuts: [Int] = []
        var depth = 0
        index = firstElement
        while index < buffer.count, cuts.count < parts - 1 {
            switch buffer[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < buffer.count, buffer[index] != UInt8(ascii: "\"") {
                    index += buffer[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return nil }  // the array ended before every cut was found
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0, index >= buffer.count * (cuts.count + 1) / parts { cuts.append(index) }
            default:
                break
            }
            index += 1
        }
        guard cuts.count == parts - 1 else { return nil }
        let starts = [firstElement] + cuts.map { $0 + 1 }
        let ends: [Int?] = cuts.map { Optional($0) } + [nil]
        return zip(starts, ends).map { ArrayRun(start: $0, end: $1) }
    }

    /// One run of whole elements of a top-level array: from `start` to the comma at `end`,
    /// or, for the last run, through the closing bracket and the end of the text.
    public struct ArrayRun: Sendable, Hashable {
        public let start: Int
        public let end: Int?
    }

    /// Parses the elements of one run, handing each to `body` as soon as it is read, so that
    /// only one element's tree is held at a time.
    public static func forEachElement(
        of run: ArrayRun, in buffer: UnsafeBufferPointer<UInt8>, _ body: (JSONValue) -> Void
    ) throws(JSONSyntaxError) {
        var scanner = Scanner(bytes: buffer)
        scanner.index = run.start
        if run.end == nil, run.start == firstElementIndex(buffer) {
            scanner.skipWhitespace()
            if scanner.index < buffer.count, buffer[scanner.index] == UInt8(ascii: "]") {
                scanner.index += 1
                try scanner.expectEndOfText()
                return
            }
        }
        while true {
            scanner.skipWhitespace()
            body(try scanner.parseValue(depth: 1))
            scanner.skipWhitespace()
            if let end = run.end, scanner.index == end { return }
            guard scanner.index < buffer.count else { throw scanner.error("unexpected end of text; expected ',' or ']' in an array") }
            switch buffer[scanner.index] {
            case UInt8(ascii: ","):
                scanner.index += 1
            case UInt8(ascii: "]") where run.end == nil:
                scanner.index += 1
                try scanner.expectEndOfText()
                return
            default:
                throw scanner.error("expected ',' or ']' after an array element, found \(scanner.describeCurrent())")
            }
        }
    }

    private static func firstElementIndex(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < buffer.count, [0x20, 0x0A, 0x0D, 0x09].contains(buffer[index]) { index += 1 }
        return index + 1
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
    /// Members and elements of the containers being parsed, innermost last. Each container
    /// collects here and is copied out once at its final size, instead of growing its own
    /// array through repeated reallocations.
    var memberStack: [JSONObject.Member] = []
    var elementStack: [JSONValue] = []

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
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject())
        }
        let base = memberStack.count
        defer { while memberStack.count > base { memberStack.removeLast() } }
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
            memberStack.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text; expected ',' or '}' in an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(members: Array(memberStack[base...])))
            default: throw error("expected ',' or '}' after a member, found \(describeCurrent())")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        index += 1  // [
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        let base = elementStack.count
        defer { while elementStack.count > base { elementStack.removeLast() } }
        while true {
            skipWhitespace()
            let element = try parseValue(depth: depth)
            elementStack.append(element)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text; expected ',' or ']' in an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(Array(elementStack[base...]))
            default: throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    mutating func expectEndOfText() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the JSON value") }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        let contentStart = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        var highBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                guard let string = highBits < 0x80 ? String(decoding: content, as: UTF8.self) : Scanner.string(utf8: content) else {
                    index = start
                    throw error("the string is not valid UTF-8")
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character \(describeCurrent()) inside a string; escape it") }
            highBits |= byte
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
                guard let string = utf8.withUnsafeBufferPointer(Scanner.string(utf8:)) else {
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

    /// `String(validating:)` takes a slow generic path for buffers; ASCII, by far the common
    /// case, is always valid and goes through the fast `String(decoding:)`.
    static func string(utf8 content: UnsafeBufferPointer<UInt8>) -> String? {
        var ascii = true
        for byte in content where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: content, as: UTF8.self) }
        return String(validating: content, as: UTF8.self)
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
        // A number too large for a Double is still a number: it is infinity here, and refused
        // where a value is read (`Scalar.double`), against its own item and field, so that one
        // such number does not refuse the whole document.
        guard let value = Double(text) else {
            index = start
            throw error("the number \(text) cannot be read")
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
