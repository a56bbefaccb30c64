/// Searches in a page's bytes (attribute values, text) for ASCII words, without making strings:
/// what the passes that read every element of a page use, as Swift's string search costs far
/// more than the page's parse.
enum PageBytes {
    static func lowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Where `needle` first is in `text`, from `start`.
    static func find(_ needle: [UInt8], in text: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, text.count - needle.count >= start else { return nil }
        candidates: for position in start...(text.count - needle.count) where text[position] == first {
            for offset in 1..<needle.count where text[position + offset] != needle[offset] { continue candidates }
            return position
        }
        return nil
    }

    static func contains(_ needle: [UInt8], in text: [UInt8]) -> Bool {
        find(needle, in: text) != nil
    }

    /// Whether `word` is one of the space-separated words of `text` (a class list).
    static func hasWord(_ word: [UInt8], in text: [UInt8]) -> Bool {
        var start = 0
        while let position = find(word, in: text, from: start) {
            let end = position + word.count
            if (position == 0 || isSpace(text[position - 1])) && (end == text.count || isSpace(text[end])) { return true }
            start = position + 1
        }
        return false
    }

    /// Words to look for in one pass over a text: at each byte, only the words that begin with it.
    struct Words: Sendable {
        private var byFirstByte = [[[UInt8]]](repeating: [], count: 256)
        /// Whether a word counts only where it stands alone (no letter or digit beside it).
        private let alone: Bool

        init(_ words: [String], alone: Bool = false) {
            for word in words.map({ Array($0.utf8) }) { byFirstByte[Int(word[0])].append(word) }
            self.alone = alone
        }

        /// Whether one of the words is in `text`.
        func found(in text: [UInt8]) -> Bool {
            for position in text.indices {
                words: for word in byFirstByte[Int(text[position])] where position + word.count <= text.count {
                    for offset in 1..<word.count where text[position + offset] != word[offset] { continue words }
                    let end = position + word.count
                    if !alone || ((position == 0 || !isWordByte(text[position - 1])) && (end == text.count || !isWordByte(text[end]))) { return true }
                }
            }
            return false
        }
    }

    /// A letter or digit in lower case, or a byte of a longer character.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
    }
}
