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
}
