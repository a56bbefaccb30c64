import ListorKit

/// One answer of an SMTP server: its code and its lines of text (RFC 5321 §4.2).
struct SMTPReply: Sendable, Hashable {
    var code: Int
    var lines: [String]

    /// "451 4.3.0 try again later", as the server put it, lines joined.
    var text: String {
        lines.map { "\(code) \($0)" }.joined(separator: " / ")
    }

    /// The extensions an EHLO answer lists (after its greeting line), upper-cased: "STARTTLS", "AUTH PLAIN LOGIN".
    var extensions: [String] {
        lines.dropFirst().map { $0.uppercased() }
    }

    func offers(_ keyword: String) -> Bool {
        extensions.contains { $0 == keyword || $0.hasPrefix(keyword + " ") }
    }

    /// A reply read a line at a time: "250-first", "250-second", "250 last". At most 100 lines;
    /// a line that is not "ddd", "ddd text" or "ddd-text" is no SMTP.
    struct Reader: Sendable {
        let server: String
        private var lines: [String] = []

        init(server: String) {
            self.server = server
        }

        /// The reply once `line` ends it, nil while it goes on; throws `MailError.refused` for what is no SMTP.
        mutating func read(_ line: String) throws(MailError) -> SMTPReply? {
            let line = line.hasSuffix("\r") ? String(line.dropLast()) : line
            let digits = line.prefix(3)
            let separator = line.dropFirst(3).first
            guard digits.count == 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let code = Int(digits),
                  line.count == 3 || separator == " " || separator == "-" else {
                throw MailError(.refused, "\(server) answered \"\(line.prefix(80))\", which is not SMTP")
            }
            lines.append(String(line.dropFirst(4)))
            if separator != "-" {
                defer { lines = [] }
                return SMTPReply(code: code, lines: lines)
            }
            guard lines.count < 100 else { throw MailError(.refused, "\(server) answered with more than 100 lines") }
            return nil
        }
    }
}
