/// Orders names as people expect: "2N2222" before "2N3904" before "2N10000", "BC547" before "bc548".
///
/// Runs of digits compare by value, other runs by folded text; built once per item so that
/// sorting does no string work per comparison.
public struct NaturalSortKey: Sendable, Hashable, Comparable {
    enum Part: Sendable, Hashable, Comparable {
        case number(UInt64, digits: Int)
        case text([UInt8])

        static func < (lhs: Part, rhs: Part) -> Bool {
            switch (lhs, rhs) {
            case (.number(let a, let aDigits), .number(let b, let bDigits)): (a, aDigits) < (b, bDigits)
            case (.text(let a), .text(let b)): a.lexicographicallyPrecedes(b)
            case (.number, .text): true
            case (.text, .number): false
            }
        }
    }

    let parts: [Part]
    let original: String

    public init(_ text: String) {
        original = text
        var parts: [Part] = []
        var digits: [UInt8] = []
        var letters: [UInt8] = []
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let value = digits.prefix(19).reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
            parts.append(.number(value, digits: digits.count))
            digits.removeAll(keepingCapacity: true)
        }
        func flushLetters() {
            guard !letters.isEmpty else { return }
            parts.append(.text(letters))
            letters.removeAll(keepingCapacity: true)
        }
        for byte in FoldedText(text).utf8 {
            if byte >= 48, byte <= 57 {
                flushLetters()
                digits.append(byte)
            } else {
                flushDigits()
                letters.append(byte)
            }
        }
        flushDigits()
        flushLetters()
        self.parts = parts
    }

    public static func < (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        if lhs.parts != rhs.parts { return lhs.parts.lexicographicallyPrecedes(rhs.parts) }
        return lhs.original < rhs.original
    }
}
