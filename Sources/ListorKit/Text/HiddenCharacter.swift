/// A character that has no place in a stored line of text, because it does something other than
/// show itself: a control character (an escape sequence in a terminal, a line break in a CSV
/// cell), a bidirectional override that reorders what follows (a title that reads one way and
/// sorts another), or a zero-width character standing alone (two names that look the same and
/// are not).
///
/// Zero-width joiners inside a character (an emoji sequence, a Persian word) are part of that
/// character and are allowed.
public struct HiddenCharacter: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case control, bidirectional, invisible
    }

    public let scalar: Unicode.Scalar
    public let kind: Kind

    /// The first hidden character in `text`, if there is one.
    public static func first(in text: String) -> HiddenCharacter? {
        // Printable ASCII, nearly every cell of a table, hides nothing: no need to break it into
        // characters and look up each one's category.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
        for character in text {
            let scalars = character.unicodeScalars
            for scalar in scalars {
                if let kind = kind(of: scalar, alone: scalars.count == 1) { return HiddenCharacter(scalar: scalar, kind: kind) }
            }
        }
        return nil
    }

    /// What `scalar` is when hidden; `alone` when it is a whole character by itself.
    public static func kind(of scalar: Unicode.Scalar, alone: Bool = true) -> Kind? {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: return .bidirectional
        case 0x2028, 0x2029: return .control
        case 0x200B, 0x2060, 0xFEFF, 0x180E, 0x00AD: return .invisible
        case 0x200C, 0x200D, 0x200E, 0x200F, 0x061C: return alone ? .invisible : nil
        default: return scalar.properties.generalCategory == .control ? .control : nil
        }
    }

    /// "U+001B ESCAPE": the code point and its name, as a reader can look it up.
    public var name: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias ?? Self.controlNames[scalar.value] else { return code }
        return "\(code) \(name)"
    }

    /// The control characters' names (Unicode gives them only as aliases, which Swift does not read).
    static let controlNames: [UInt32: String] = [
        0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0B: "LINE TABULATION",
        0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE", 0x7F: "DELETE", 0x85: "NEXT LINE",
    ]

    /// "contains U+001B ESCAPE, a control character": what a field error says.
    public var description: String {
        switch kind {
        case .control: "contains \(name), a control character"
        case .bidirectional: "contains \(name), which reorders the text around it"
        case .invisible: "contains \(name), which cannot be seen"
        }
    }

    /// `text` with every hidden character shown as its code point in brackets ("Ann<U+001B>[2J"),
    /// for a terminal or a log that must not obey it. Line breaks and tabs stay when
    /// `keepingLayout`: they are the output's own.
    public static func revealed(_ text: String, keepingLayout: Bool = false) -> String {
        guard first(in: text) != nil else { return text }
        var result = ""
        for character in text {
            let scalars = character.unicodeScalars
            if keepingLayout, character == "\n" || character == "\r\n" || character == "\t" {
                result.append(character)
            } else if scalars.contains(where: { kind(of: $0, alone: scalars.count == 1) != nil }) {
                for scalar in scalars {
                    if kind(of: scalar, alone: scalars.count == 1) != nil {
                        result += "<" + HiddenCharacter(scalar: scalar, kind: .control).name.prefix(while: { $0 != " " }) + ">"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            } else {
                result.append(character)
            }
        }
        return result
    }
}
