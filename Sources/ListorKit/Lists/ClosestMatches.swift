/// Suggestions for a name that was not found, as `git` suggests a mistyped command.
public enum ClosestMatches {
    /// The candidates nearest to `name`: same prefix first, then by edit distance, at most `limit`.
    public static func to(_ name: String, in candidates: [String], limit: Int = 3) -> [String] {
        indices(to: name, count: candidates.count, limit: limit, folded: { FoldedText(candidates[$0]).utf8 },
                order: { NaturalSortKey(candidates[$0]) }).map { candidates[$0] }
    }

    /// The positions of the `count` candidates nearest to `name`, each folded by `folded`, at
    /// most `limit`: same prefix first, then by edit distance, ties in `order`'s order.
    public static func indices<Key: Comparable>(to name: String, count: Int, limit: Int, folded: (Int) -> [UInt8], order: (Int) -> Key) -> [Int] {
        let target = FoldedText(name).utf8
        guard !target.isEmpty, limit > 0 else { return [] }
        let threshold = max(2, target.count / 2)
        var scratch = Scratch()
        var scored: [(candidate: Int, score: Int)] = []
        for index in 0..<count {
            let folded = folded(index)
            if folded.starts(with: target) || target.starts(with: folded) {
                scored.append((index, abs(folded.count - target.count) / 4))
            } else if abs(folded.count - target.count) <= threshold {
                // Each edit changes the length by one at most, so a longer or shorter name is out of reach.
                let distance = editDistance(target, folded, &scratch)
                if distance <= threshold { scored.append((index, distance)) }
            }
        }
        // The best scores first; only the ties at the cut need their names compared.
        scored.sort { $0.score < $1.score }
        if scored.count > limit {
            let cut = scored[limit - 1].score
            scored = scored.prefix { $0.score <= cut }
        }
        let keys = scored.map { order($0.candidate) }
        return scored.indices
            .sorted { scored[$0].score != scored[$1].score ? scored[$0].score < scored[$1].score : keys[$0] < keys[$1] }
            .prefix(limit)
            .map { scored[$0].candidate }
    }

    /// The rows `editDistance` works in, kept from one candidate to the next.
    struct Scratch {
        var previousPrevious: [Int] = []
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], _ scratch: inout Scratch) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = scratch.previousPrevious
        var previous = scratch.previous
        var current = scratch.current
        defer { (scratch.previousPrevious, scratch.previous, scratch.current) = (previousPrevious, previous, current) }
        previousPrevious.removeAll(keepingCapacity: true)
        previousPrevious.append(contentsOf: repeatElement(0, count: b.count + 1))
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: 0...b.count)
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(0, count: b.count + 1))
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
