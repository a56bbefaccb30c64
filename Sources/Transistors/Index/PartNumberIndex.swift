import ListorKit

/// Part numbers folded for search, with a trigram index: a word of three bytes or more is looked
/// for only in the parts that have all its trigrams, as SQLite's FTS5 trigram tokenizer does;
/// a shorter one is looked for in every part number, which are kept in one buffer for that.
struct PartNumberIndex: Sendable {
    /// Every folded part number, one after another, row `r`'s at `bytes[starts[r]..<starts[r + 1]]`;
    /// and the trigrams in order, trigram `keys[k]`'s rows at `postings[keyStarts[k]..<keyStarts[k + 1]]`,
    /// in row order, each row once. The sections are taken from `sections` when a word is looked
    /// for, and a trigram is found by halving, so opening an index reads none of them.
    private let sections: IndexSections

    init(_ sections: IndexSections) {
        self.sections = sections
    }

    /// The sections of the index of `partNumbers`, one a row.
    static func layout(_ partNumbers: [String], into layout: inout IndexSections.Layout) {
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
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                forEachTrigram(bytes, starts) { trigram, _ in counts[trigram, default: 0] += 1 }
            }
        }
        let keys = counts.keys.sorted()
        var keyStarts: [Int32] = [0]
        for key in keys { keyStarts.append(keyStarts[keyStarts.count - 1] + (counts[key] ?? 0)) }
        var filled = Dictionary(uniqueKeysWithValues: zip(keys, keyStarts))
        var postings = [Int32](repeating: 0, count: Int(keyStarts.last ?? 0))
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                forEachTrigram(bytes, starts) { trigram, row in
                    guard let at = filled[trigram] else { return }
                    postings[Int(at)] = row
                    filled[trigram] = at + 1
                }
            }
        }
        layout.add(.foldedPartNumbers, bytes)
        layout.add(.foldedStarts, starts)
        layout.add(.trigramKeys, keys)
        layout.add(.trigramStarts, keyStarts)
        layout.add(.postings, postings)
    }

    /// The rows whose part number contains `word`, or with `whole` is `word`.
    func rows(containing word: FoldedText, whole: Bool = false, count: Int) throws(IndexFileError) -> RowSet {
        let needle = word.utf8
        let bytes = try sections.buffer(.foldedPartNumbers, as: UInt8.self)
        let starts = try sections.buffer(.foldedStarts, as: Int32.self)
        guard starts.count == count + 1 else { throw IndexFileError("the index's part numbers do not fit its \(count) rows") }
        // An index file's starts and rows are checked here, where they are used, rather than all on opening.
        func contains(row: Int, _ needle: [UInt8]) -> Bool {
            let start = Int(starts[row]), end = Int(starts[row + 1])
            guard 0 <= start, start <= end, end <= bytes.count, !whole || end - start == needle.count else { return false }
            return FoldedText.occurs(needle, in: bytes[start..<end])
        }
        guard needle.count >= 3 else {
            return RowSet(count: count) { contains(row: $0, needle) }
        }
        let keys = try sections.buffer(.trigramKeys, as: UInt32.self)
        let keyStarts = try sections.buffer(.trigramStarts, as: Int32.self)
        let postings = try sections.buffer(.postings, as: Int32.self)
        guard keyStarts.count == keys.count + 1 else { throw IndexFileError("the index's trigrams do not fit their postings") }
        // The rarest trigram's rows, each checked for the whole word.
        var rarest: Range<Int>?
        for start in 0...(needle.count - 3) {
            let trigram = Self.trigram(needle[start], needle[start + 1], needle[start + 2])
            var (low, high) = (0, keys.count)
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < trigram { low = middle + 1 } else { high = middle }
            }
            guard low < keys.count, keys[low] == trigram else { return RowSet(empty: count) }
            let range = Int(keyStarts[low])..<max(Int(keyStarts[low]), Int(keyStarts[low + 1]))
            if rarest == nil || range.count < rarest!.count { rarest = range }
        }
        var rows = RowSet(empty: count)
        for position in rarest ?? 0..<0 where 0 <= position && position < postings.count {
            let row = Int(postings[position])
            if 0 <= row, row < count, contains(row: row, needle) { rows.insert(row) }
        }
        return rows
    }

    /// The rows of the part numbers nearest to `name`, as `ClosestMatches` finds them; ties in row
    /// order, which is the part numbers' order.
    func closest(to name: String, limit: Int, count: Int) throws(IndexFileError) -> [Int] {
        let bytes = try sections.buffer(.foldedPartNumbers, as: UInt8.self)
        let starts = try sections.buffer(.foldedStarts, as: Int32.self)
        guard starts.count == count + 1 else { throw IndexFileError("the index's part numbers do not fit its \(count) rows") }
        return ClosestMatches.indices(to: name, count: count, limit: limit, folded: { row in
            let start = Int(starts[row]), end = Int(starts[row + 1])
            return 0 <= start && start <= end && end <= bytes.count ? Array(bytes[start..<end]) : []
        }, order: { $0 })
    }

    private static func trigram(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32 {
        UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)
    }

    /// Each row's distinct trigrams, rows in order.
    private static func forEachTrigram(_ bytes: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<Int32>, _ body: (UInt32, Int32) -> Void) {
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
