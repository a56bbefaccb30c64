/// An S-expression as KiCad writes its files: a list in parentheses, a bare token (`symbol`,
/// `1.27`, `yes`), or a string in double quotes with backslash escapes.
///
/// `parse` reads a whole file without recursion, so nesting cannot exhaust the stack; it is
/// bounded by `maximumDepth` all the same, and every error names its line and column.
public indirect enum SExpression: Sendable, Hashable {
    case token(String)
    case string(String)
    case list([SExpression])

    /// Deeper than any KiCad file nests (a symbol library nests about eight).
    public static let maximumDepth = 64

    /// The text of a token or a string.
    public var text: String? {
        switch self {
        case .token(let text), .string(let text): text
        case .list: nil
        }
    }

    /// A list's items; empty for a token or a string.
    public var items: [SExpression] {
        if case .list(let items) = self { return items }
        return []
    }

    /// A list's head token: `property` for `(property "Value" "2N2219")`.
    public var head: String? {
        if case .token(let name)? = items.first { return name }
        return nil
    }

    /// The lists among a list's items whose head is `name`.
    public func children(_ name: String) -> [SExpression] {
        items.filter { $0.head == name }
    }

    /// The first of `children(name)`.
    public func child(_ name: String) -> SExpression? {
        items.first { $0.head == name }
    }

    /// The expression as KiCad would write it on one line; parsing it gives the expression back.
    public var written: String {
        switch self {
        case .token(let text):
            return text
        case .string(let text):
            var quoted = "\""
            for character in text.unicodeScalars {
                switch character {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case "\r": quoted += "\\r"
                case "\t": quoted += "\\t"
                default: quoted.unicodeScalars.append(character)
                }
            }
            return quoted + "\""
        case .list(let items):
            return "(" + items.map(\.written).joined(separator: " ") + ")"
        }
    }

    /// The one expression of `bytes`.
    public static func parse(_ bytes: some Collection<UInt8>) throws(SExpressionError) -> SExpression {
        var reader = Reader(bytes: Array(bytes))
        return try reader.document()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        var column: Int { index - lineStart + 1 }

        func error(_ message: String, line: Int? = nil, column: Int? = nil) -> SExpressionError {
            SExpressionError(line: line ?? self.line, column: column ?? self.column, message: message)
        }

        mutating func document() throws(SExpressionError) -> SExpression {
            skipSpace()
            guard index < bytes.count else { throw error("the file is empty; expected an S-expression such as (kicad_symbol_lib …)") }
            let expression = try value()
            skipSpace()
            guard index == bytes.count else {
                throw error(bytes[index] == UInt8(ascii: ")") ? "a ) closes no list" : "text after the end of the expression")
            }
            return expression
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    line += 1
                    lineStart = index + 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    break
                default:
                    return
                }
                index += 1
            }
        }

        /// One expression; lists are built with a stack of open lists rather than by recursion.
        mutating func value() throws(SExpressionError) -> SExpression {
            var open: [(items: [SExpression], line: Int, column: Int)] = []
            while true {
                skipSpace()
                guard index < bytes.count else {
                    let list = open.last
                    throw error("the list opened at line \(list?.line ?? line), column \(list?.column ?? column) is not closed", line: list?.line, column: list?.column)
                }
                var finished: SExpression
                switch bytes[index] {
                case UInt8(ascii: "("):
                    guard open.count < SExpression.maximumDepth else { throw error("lists nest deeper than \(SExpression.maximumDepth)") }
                    open.append(([], line, column))
                    index += 1
                    continue
                case UInt8(ascii: ")"):
                    guard let list = open.popLast() else { throw error("a ) closes no list") }
                    index += 1
                    finished = .list(list.items)
                case UInt8(ascii: "\""):
                    finished = .string(try string())
                default:
                    finished = .token(token())
                }
                guard !open.isEmpty else { return finished }
                open[open.count - 1].items.append(finished)
            }
        }

        mutating func token() -> String {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                    return String(decoding: bytes[start..<index], as: UTF8.self)
                default:
                    index += 1
                }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A quoted string, the opening quote at `index`: `\"`, `\\`, `\n`, `\t` and `\r` are escapes.
        mutating func string() throws(SExpressionError) -> String {
            let (startLine, startColumn) = (line, column)
            index += 1
            var text: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { break }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
                    default: text.append(escaped)
                    }
                case UInt8(ascii: "\n"):
                    text.append(byte)
                    line += 1
                    lineStart = index
                default:
                    text.append(byte)
                }
            }
            throw error("the string opened at line \(startLine), column \(startColumn) is not closed", line: startLine, column: startColumn)
        }
    }
}
