import Foundation

/// Text folded for matching: lower case, diacritics removed ("Ångström" → "angstrom").
///
/// Folding is done once per item when a list is built and once per query, never per
/// comparison; matching is then a byte search over UTF-8, cheap enough for every keystroke.
public struct FoldedText: Sendable, Hashable {
    public let utf8: [UInt8]

    public init(_ text: String) {
        // ASCII needs only lower-casing; Foundation's folding is for everything else.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            utf8 = text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        } else {
            utf8 = Array(FoldedText.fold(text).utf8)
        }
    }

    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether `needle` occurs in this text.
    public func contains(_ needle: FoldedText) -> Bool {
        Self.occurs(needle.utf8, in: utf8[...])
    }

    /// Whether the folded bytes `needle` occur in `text`, folded bytes too: for texts kept in
    /// one shared buffer rather than one `FoldedText` each.
    @inlinable
    public static func occurs<Text: RandomAccessCollection<UInt8>>(_ needle: [UInt8], in text: Text) -> Bool where Text.Index == Int {
        if needle.isEmpty { return true }
        if needle.count > text.count { return false }
        let first = needle[0]
        let lastStart = text.endIndex - needle.count
        var start = text.startIndex
        while start <= lastStart {
            if text[start] == first {
                var offset = 1
                while offset < needle.count, text[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
