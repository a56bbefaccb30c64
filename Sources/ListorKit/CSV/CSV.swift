import Foundation

/// Comma-separated values as RFC 4180 has them: fields quoted with `"` when they hold a comma,
/// a quote or a line break, quotes doubled inside, lines ending in CRLF or LF.
public enum CSV {
    /// One record and the line it starts on (1-based), for reports that point at the row.
    public struct Record: Sendable, Hashable {
        public var line: Int
        public var fields: [String]
    }

    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every record of `text`; blank lines are skipped.
    public static func parse(_ text: String) throws(SyntaxError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        /// The field being read was quoted: nothing may follow its closing quote.
        var fieldWasQuoted = false
        /// Some field of the record was quoted: `""` alone is a record, a blank line is not.
        var wasQuoted = false
        var characters = text.makeIterator()
        var pending = characters.next()
        func endRecord() {
            fields.append(field)
            if fields != [""] || wasQuoted { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
            field = ""
            wasQuoted = false
            fieldWasQuoted = false
        }
        while let character = pending {
            pending = characters.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = characters.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else { throw SyntaxError(line: line, message: "a quote inside an unquoted field; quote the whole field and double the quote") }
                quoted = true
                wasQuoted = true
                fieldWasQuoted = true
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\n", "\r\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default:
                if fieldWasQuoted { throw SyntaxError(line: line, message: "text after a closing quote") }
                field.append(character)
            }
        }
        if quoted { throw SyntaxError(line: recordLine, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }

    /// `rows` as CSV text, each line ending in CRLF, as RFC 4180 has it.
    public static func write(_ rows: [[String]]) -> String {
        var text = ""
        for row in rows {
            text += row.map(quoted).joined(separator: ",") + "\r\n"
        }
        return text
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) || field.first == " " || field.last == " " else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
