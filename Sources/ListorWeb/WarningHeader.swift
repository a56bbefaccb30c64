import Foundation
import HTTPTypes
import Hummingbird

/// A `Warning` header on an answer that succeeded with something left out, as the Kubernetes API
/// server sends its warnings: code 299, no agent, the text as a quoted string
/// (`Warning: 299 - "search: …"`). Clients such as kubectl show them; others ignore them.
enum WarningHeader {
    static let name = HTTPField.Name("Warning")!

    /// The header's value for `text`: quotes and backslashes escaped, control characters dropped,
    /// and anything outside ASCII percent-encoded, as a header must be ASCII.
    static func value(_ text: String) -> String {
        var quoted = "299 - \""
        for scalar in text.unicodeScalars.prefix(500) {
            switch scalar {
            case "\"", "\\": quoted += "\\" + String(scalar)
            case " "..."~": quoted.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x80: continue
            default: quoted += String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
            }
        }
        return quoted + "\""
    }
}
