/// A `Content-Type` value as RFC 9110 (section 8.3.1) writes it: `text/html; charset="utf-8"`,
/// its type and subtype in lower case, and its parameters by lower-case name, quotes taken off.
public struct ContentType: Sendable, Hashable {
    /// "text/html".
    public var essence: String
    public var parameters: [String: String]

    /// Nil for an empty value.
    public init?(_ value: String) {
        let parts = value.split(separator: ";")
        guard let first = parts.first?.trimmingASCIIWhitespace().lowercased(), !first.isEmpty else { return nil }
        essence = first
        parameters = [:]
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var text = pair[1].trimmingASCIIWhitespace()
            if text.count >= 2, text.first == "\"", text.last == "\"" { text = String(text.dropFirst().dropLast()) }
            let name = pair[0].trimmingASCIIWhitespace().lowercased()
            if parameters[name] == nil { parameters[name] = text }
        }
    }
}
