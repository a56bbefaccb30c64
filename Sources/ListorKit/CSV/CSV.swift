import Foundation

/// Comma-separated values as RFC 4180 has them: fields quoted with `"` when they hold a comma,
/// a quote or a line break, quotes doubled inside, lines ending in CRLF or LF.
///
/// Written for spreadsheets as well as programs: a cell that a spreadsheet would run as a formula
/// (`=HYPERLINK(…)`, `@SUM(…)`, `+cmd|…`) is written with a leading `'`, as OWASP advises, and
/// `unprotected(_:)` takes it off again on import. Numbers such as `-40` are left alone. A
/// byte-order mark, which spreadsheet programs put first, is skipped when reading.
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

    /// Every record of `text`; blank lines are skipped. The first malformed record is thrown.
    public static func parse(_ text: String) throws(SyntaxError) -> [Record] {
        var records: [Record] = []
        for result in read(text) { records.append(try result.get()) }
        return records
    }

    /// Every record of `text`, or why it is malformed; blank lines are skipped. Reading goes on
    /// after a malformed record, on the line that follows it (for a quote that is never closed,
    /// the line after the quote), so one bad line costs that record and no other. Fields are
    /// separated by `separator`: a comma, or the `;` some locales' spreadsheets write.
    ///
    /// The text is read by Unicode scalar, not by character: a combining mark after a quote or
    /// a comma (`a,\u{301}b`) would otherwise join it into one character and hide it.
    public static func read(_ text: String, separator: Unicode.Scalar = ",") -> [Result<Record, SyntaxError>] {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        if index < scalars.endIndex, scalars[index] == "\u{FEFF}" { index = scalars.index(after: index) }
        var line = 1
        /// Moves past the end of the current line.
        func skipLine() {
            while index < scalars.endIndex {
                let scalar = scalars[index]
                index = scalars.index(after: index)
                guard scalar == "\n" || scalar == "\r" else { continue }
                // CRLF is one line end.
                if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
                line += 1
                return
            }
        }
        var results: [Result<Record, SyntaxError>] = []
        while index < scalars.endIndex {
            let recordLine = line
            var fields: [String] = []
            var field = String.UnicodeScalarView()
            /// The field being read was quoted: nothing may follow its closing quote.
            var fieldWasQuoted = false
            /// Some field of the record was quoted: `""` alone is a record, a blank line is not.
            var wasQuoted = false
            var problem: SyntaxError?
            record: while index < scalars.endIndex {
                let scalar = scalars[index]
                index = scalars.index(after: index)
                switch scalar {
                case "\"" where field.isEmpty && !fieldWasQuoted:
                    let opening = (index: index, line: line)
                    fieldWasQuoted = true
                    wasQuoted = true
                    while index < scalars.endIndex {
                        let quotedScalar = scalars[index]
                        index = scalars.index(after: index)
                        if quotedScalar == "\"" {
                            guard index < scalars.endIndex, scalars[index] == "\"" else { continue record }
                            index = scalars.index(after: index)
                        } else if quotedScalar == "\n" {
                            line += 1
                        }
                        field.append(quotedScalar)
                    }
                    problem = SyntaxError(line: opening.line, message: "a quoted field is never closed")
                    (index, line) = opening
                case "\"":
                    problem = SyntaxError(line: line, message: "a quote inside an unquoted field; quote the whole field and double the quote")
                case separator:
                    fields.append(String(field))
                    field = String.UnicodeScalarView()
                    fieldWasQuoted = false
                    continue record
                case "\n", "\r":
                    if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
                    line += 1
                    break record
                default:
                    if fieldWasQuoted {
                        problem = SyntaxError(line: line, message: "text after a closing quote")
                    } else {
                        field.append(scalar)
                        continue record
                    }
                }
                skipLine()
                break record
            }
            if let problem {
                results.append(.failure(problem))
                continue
            }
            fields.append(String(field))
            if fields != [""] || wasQuoted { results.append(.success(Record(line: recordLine, fields: fields))) }
        }
        return results
    }

    /// `rows` as CSV text, each line ending in CRLF, as RFC 4180 has it.
    public static func write(_ rows: [[String]]) -> String {
        var text = ""
        for row in rows {
            text += row.map { quoted(protected($0)) }.joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// The characters that make a field need quotes: the ones reading splits at, and line
    /// breaks of any kind, which a spreadsheet might take as the end of a row.
    static let needsQuotes: Set<Unicode.Scalar> = [",", "\"", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    // Writing works on Unicode scalars, as reading does: as characters, a quote followed by a
    // combining mark (`"\u{7FD}`) is not `"` and would not be doubled, and `=\u{301}` would not
    // count as a formula, though a spreadsheet sees the `=`.

    /// `field` with a leading `'` when a spreadsheet would take it for a formula; numbers
    /// (`-40`, `+1.5e3`) stay as they are. A field that already looks protected (`'=x`) gets
    /// one more, so that `unprotected(_:)` gives it back as it was.
    public static func protected(_ field: String) -> String {
        isFormula(field) ? "'" + field : field
    }

    /// A field as it was before `protected(_:)`: the leading `'` taken off a protected formula.
    public static func unprotected(_ field: String) -> String {
        guard field.unicodeScalars.first == "'", isFormula(field) else { return field }
        return String(field.unicodeScalars.dropFirst())
    }

    /// Whether `field`, its leading `'`s set aside, starts as a formula does and is not a
    /// number. One pass, whatever the number of `'`s: a field of a million of them is text an
    /// import may be sent, and going `'` by `'` took time and memory quadratic in their number.
    private static func isFormula(_ field: String) -> Bool {
        let scalars = field.unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != "'" }), formulaStarts.contains(scalars[start]) else { return false }
        return Double(String(scalars[start...])) == nil
    }

    static func quoted(_ field: String) -> String {
        let scalars = field.unicodeScalars
        // A leading byte-order mark is quoted too: unquoted at the start of a file, reading would skip it.
        guard scalars.contains(where: needsQuotes.contains) || scalars.first == " " || scalars.last == " " || scalars.first == "\u{FEFF}" else {
            return field
        }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in scalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return String(quoted)
    }
}
