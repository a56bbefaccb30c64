import Foundation
import ListorKit

/// A `MailMessage` as the text an SMTP server takes after DATA (RFC 5322 with MIME): headers
/// with non-ASCII words encoded (RFC 2047), the text in UTF-8, lines ending in CRLF, and lines
/// that start with a dot doubled.
enum SMTPWireFormat {
    /// `eightBit`: the server takes 8-bit text (8BITMIME); otherwise text that is not ASCII goes in base64.
    static func data(of message: MailMessage, eightBit: Bool) -> String {
        var text = message.body.replacingOccurrences(of: "\r\n", with: "\n")
        if text.hasSuffix("\n") { text.removeLast() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let isASCII = message.body.unicodeScalars.allSatisfy { $0.isASCII }
        let fits = lines.allSatisfy { $0.utf8.count <= 998 }
        let encoding = isASCII && fits ? "7bit" : eightBit && fits ? "8bit" : "base64"
        var headers = [
            "Date: \(date(message.date))",
            "From: \(address(message.from))",
            "To: \(address(message.to))",
            "Subject: \(header(message.subject))",
            "Message-ID: <\(message.id.filter { $0.isLetter || $0.isNumber || "-.".contains($0) })@\(domain(of: message.from))>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: \(encoding)",
        ]
        headers.append("")
        let body: [String] = if encoding == "base64" {
            chunks(Data(lines.joined(separator: "\r\n").utf8).base64EncodedString(), of: 76)
        } else {
            lines.map { $0.hasPrefix(".") ? "." + $0 : String($0) }
        }
        return (headers + body).joined(separator: "\r\n") + "\r\n.\r\n"
    }

    /// `=?utf-8?B?…?= <ada@example.org>`, or the address alone.
    static func address(_ address: MailAddress) -> String {
        guard let name = address.name else { return address.address }
        let plain = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == " " || $0.properties.numericType != nil) }
        return (plain ? name : header(name)) + " <\(address.address)>"
    }

    /// The text as it is when it is printable ASCII, else as encoded words of at most 75
    /// characters each, on folded lines (RFC 2047 §2); a line break in it becomes a space.
    static func header(_ text: String) -> String {
        let text = String(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : Character($0) })
        if text.unicodeScalars.allSatisfy({ $0.isASCII }), !text.contains("=?") { return text }
        var words: [String] = []
        var chunk = ""
        for character in text {
            if (chunk + String(character)).utf8.count > 45 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?utf-8?B?\(Data($0.utf8).base64EncodedString())?=" }.joined(separator: "\r\n ")
    }

    /// "Fri, 27 Nov 2026 00:40:00 +0000".
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    private static func domain(of address: MailAddress) -> String {
        address.address.split(separator: "@").last.map(String.init) ?? "localhost"
    }

    private static func chunks(_ text: String, of size: Int) -> [String] {
        stride(from: 0, to: text.count, by: size).map { start in
            let from = text.index(text.startIndex, offsetBy: start)
            return String(text[from..<(text.index(from, offsetBy: size, limitedBy: text.endIndex) ?? text.endIndex)])
        }
    }
}
