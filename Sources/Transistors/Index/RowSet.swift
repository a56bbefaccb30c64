/// A set of rows of an index as one bit a row: intersections are a word-wise AND, counts a
/// population count, and its members come out in row order.
struct RowSet: Sendable, Hashable {
    private(set) var words: [UInt64]
    let count: Int

    /// No rows of `count`.
    init(empty count: Int) {
        self.count = count
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Every row of `count`.
    init(all count: Int) {
        self.init(empty: count)
        for index in words.indices { words[index] = .max }
        clearTail()
    }

    /// The rows whose bits `words` holds, as `words` gives them (an index file's set).
    init(words: UnsafeBufferPointer<UInt64>, count: Int) {
        self.count = count
        self.words = Array(words)
        precondition(self.words.count == (count + 63) / 64, "a word for every 64 rows")
    }

    /// The rows for which `includes` is true.
    init(count: Int, where includes: (Int) -> Bool) {
        self.init(empty: count)
        for row in 0..<count where includes(row) { insert(row) }
    }

    mutating func insert(_ row: Int) {
        words[row >> 6] |= 1 << UInt64(row & 63)
    }

    func contains(_ row: Int) -> Bool {
        words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    var cardinality: Int {
        words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    func intersection(_ other: RowSet) -> RowSet {
        var result = self
        result.formIntersection(other)
        return result
    }

    mutating func formIntersection(_ other: RowSet) {
        combine(with: other, &=)
    }

    func union(_ other: RowSet) -> RowSet {
        var result = self
        result.formUnion(other)
        return result
    }

    mutating func formUnion(_ other: RowSet) {
        combine(with: other, |=)
    }

    /// Each word combined in place with the other set's word.
    private mutating func combine(with other: RowSet, _ operation: (inout UInt64, UInt64) -> Void) {
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for index in mine.indices { operation(&mine[index], theirs[index]) }
            }
        }
    }

    /// Keeps the rows for which `keep` is true.
    mutating func filter(_ keep: (Int) -> Bool) {
        for index in words.indices {
            var word = words[index]
            var kept = word
            while word != 0 {
                let bit = word.trailingZeroBitCount
                if !keep(index << 6 | bit) { kept &= ~(1 << UInt64(bit)) }
                word &= word - 1
            }
            words[index] = kept
        }
    }

    /// The rows, in order.
    var members: [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(cardinality)
        forEach { rows.append($0) }
        return rows
    }

    /// Calls `body` with each row, in order.
    func forEach(_ body: (Int) -> Void) {
        for index in words.indices {
            var word = words[index]
            while word != 0 {
                body(index << 6 | word.trailingZeroBitCount)
                word &= word - 1
            }
        }
    }

    /// Calls `body` with each row in order, skipping the first `offset` rows (whole words at a
    /// time), until it returns false.
    func forEach(from offset: Int, _ body: (Int) -> Bool) {
        var toSkip = offset
        words.withUnsafeBufferPointer { words in
            for index in words.indices {
                guard var word = Self.skipping(words[index], &toSkip, clearing: { $0 & ($0 - 1) }) else { continue }
                while word != 0 {
                    if !body(index << 6 | word.trailingZeroBitCount) { return }
                    word &= word - 1
                }
            }
        }
    }

    /// As `forEach(from:_:)`, highest row first.
    func forEachDescending(from offset: Int, _ body: (Int) -> Bool) {
        var toSkip = offset
        words.withUnsafeBufferPointer { words in
            for index in words.indices.reversed() {
                guard var word = Self.skipping(words[index], &toSkip, clearing: { $0 & ~(1 << UInt64(63 - $0.leadingZeroBitCount)) }) else { continue }
                while word != 0 {
                    let bit = 63 - word.leadingZeroBitCount
                    if !body(index << 6 | bit) { return }
                    word &= ~(1 << UInt64(bit))
                }
            }
        }
    }

    /// `word` with its first `toSkip` rows (as `clearing` takes them, one at a time) taken off
    /// and counted; nil when they are all skipped.
    private static func skipping(_ word: UInt64, _ toSkip: inout Int, clearing: (UInt64) -> UInt64) -> UInt64? {
        guard toSkip > 0 else { return word }
        let bits = word.nonzeroBitCount
        if bits <= toSkip {
            toSkip -= bits
            return nil
        }
        var word = word
        for _ in 0..<toSkip { word = clearing(word) }
        toSkip = 0
        return word
    }

    /// The bits past `count` in the last word stay clear, so counts and inversions hold.
    private mutating func clearTail() {
        let used = count & 63
        if used != 0, !words.isEmpty { words[words.count - 1] &= (1 << UInt64(used)) - 1 }
    }
}
