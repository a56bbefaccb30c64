import Foundation
import ListorCommandKit

/// Text cut to terminal columns by display width, with anything that would steer the
/// terminal (control characters, bidirectional overrides) taken out.
enum ScreenText {
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value) ? 2 : 1
    }

    /// `text` in lines of at most `columns` columns, broken between words, at most `lines` of
    /// them (the last cut when there is more); one empty line for no text.
    static func wrap(_ text: String, columns: Int, lines limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if width(candidate) <= columns || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = word
            }
        }
        lines.append(line)
        guard lines.count > limit else { return lines }
        return Array(lines.prefix(limit - 1)) + [lines[(limit - 1)...].joined(separator: " ")]
    }

    /// `text` in at most `columns` columns; padded with spaces to exactly that when `padded`.
    static func fit(_ text: String, columns: Int, padded: Bool = true) -> String {
        let cut = slice(text, from: 0, width: columns)
        return padded ? cut + String(repeating: " ", count: max(columns - width(cut), 0)) : cut
    }

    /// The part of `text` from display column `start`, `width` columns long.
    static func slice(_ text: String, from start: Int, width: Int) -> String {
        var result = String.UnicodeScalarView()
        var column = 0
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) { continue }
            let size = columns(of: scalar)
            if column >= start + width, size > 0 { break }
            if column >= start, column + size <= start + width { result.append(scalar) }
            column += size
        }
        return String(result)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F..<0xA0).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
