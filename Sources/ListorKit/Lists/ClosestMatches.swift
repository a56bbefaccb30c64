/// Suggestions for a name that was not found, as `git` suggests a mistyped command.
public enum ClosestMatches {
    /// The candidates nearest to `name`: same prefix first, then by edit distance, at most `limit`.
    public static func to(_ name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(FoldedText(name).utf8)
        guard !target.isEmpty else { return [] }
        let threshold = max(2, target.count / 2)
        let scored: [(candidate: String, score: Int)] = candidates.compactMap { candidate in
            let folded = Array(FoldedText(candidate).utf8)
            if folded.starts(with: target) || target.starts(with: folded) {
                return (candidate, abs(folded.count - target.count) / 4)
            }
            let distance = editDistance(target, folded)
            return distance <= threshold ? (candidate, distance) : nil
        }
        return scored
            .sorted { ($0.score, NaturalSortKey($0.candidate)) < ($1.score, NaturalSortKey($1.candidate)) }
            .prefix(limit)
            .map(\.candidate)
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
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
