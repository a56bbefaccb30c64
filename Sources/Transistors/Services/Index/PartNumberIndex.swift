import ListorKit

/// Part numbers folded for search, with a trigram index: a word of three bytes or more is looked
/// for only in the parts that have all its trigrams, as SQLite's FTS5 trigram tokenizer does;
/// a shorter one is looked for in every part number, which are kept in one buffer for that.
struct PartNumberIndex: Sendable {
    /// Every folded part number, one after another; row `r`'s is `bytes[starts[r]..<starts[r + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int32]
    /// For each trigram, its rows: `postings[ranges[trigram]]`, in row order, each row once.
    private let ranges: [UInt32: Range<Int32>]
    private let postings: [Int32]

    init(_ partNumbers: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        bytes.reserveCapacity(partNumbers.count * 8)
        starts.reserveCapacity(partNumbers.count + 1)
        for partNumber in partNumbers {
            bytes += FoldedText(partNumber).utf8
            starts.append(Int32(bytes.count))
        }
        // Two passes: count each trigram's rows, then place them.
        var counts: [UInt32: Int32] = [:]
        Self.forEachTrigram(bytes, starts) { trigram, _ in counts[trigram, default: 0] += 1 }
        var ranges: [UInt32: Range<Int32>] = [:]
        ranges.reserveCapacity(counts.count)
        var next: Int32 = 0
        for (trigram, count) in counts {
            ranges[trigram] = next..<next + count
            next += count
        }
        var postings = [Int32](repeating: 0, count: Int(next))
        var filled = ranges.mapValues(\.lowerBound)
        Self.forEachTrigram(bytes, starts) { trigram, row in
            guard let at = filled[trigram] else { return }
            postings[Int(at)] = row
            filled[trigram] = at + 1
        }
        self.bytes = bytes
        self.starts = starts
        self.ranges = ranges
        self.postings = postings
    }

    /// The rows whose part number contains `word`.
    func rows(containing word: FoldedText, count: Int) -> RowSet {
        let needle = word.utf8
        guard needle.count >= 3 else {
            return RowSet(count: count) { contains(row: $0, needle) }
        }
        // The rarest trigram's rows, each checked for the whole word.
        var rarest: Range<Int32>?
        for start in 0...(needle.count - 3) {
            guard let range = ranges[Self.trigram(needle[start], needle[start + 1], needle[start + 2])] else { return RowSet(empty: count) }
            if rarest == nil || range.count < rarest!.count { rarest = range }
        }
        var rows = RowSet(empty: count)
        for position in rarest ?? 0..<0 {
            let row = Int(postings[Int(position)])
            if contains(row: row, needle) { rows.insert(row) }
        }
        return rows
    }

    private func contains(row: Int, _ needle: [UInt8]) -> Bool {
        FoldedText.occurs(needle, in: bytes[Int(starts[row])..<Int(starts[row + 1])])
    }

    private static func trigram(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32 {
        UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)
    }

    /// Each row's distinct trigrams, rows in order.
    private static func forEachTrigram(_ bytes: [UInt8], _ starts: [Int32], _ body: (UInt32, Int32) -> Void) {
        var seen: [UInt32] = []
        for row in 0..<(starts.count - 1) {
            let start = Int(starts[row]), end = Int(starts[row + 1])
            guard end - start >= 3 else { continue }
            seen.removeAll(keepingCapacity: true)
            for offset in start...(end - 3) {
                let trigram = trigram(bytes[offset], bytes[offset + 1], bytes[offset + 2])
                // Part numbers are short: a linear look is cheaper than a set.
                if !seen.contains(trigram) {
                    seen.append(trigram)
                    body(trigram, Int32(row))
                }
            }
        }
    }
}
