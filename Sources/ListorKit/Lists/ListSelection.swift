/// The outcome of `ListModel.select`: the items a search found, and the filters each one failed.
public struct ListSelection<Item: Sendable>: Sendable {
    @usableFromInline let items: [Item]
    @usableFromInline let candidates: [Int]
    @usableFromInline let failures: [UInt64]
    @usableFromInline let filterNames: [String]

    @usableFromInline
    init(items: [Item], candidates: [Int], failures: [UInt64], filterNames: [String]) {
        self.items = items
        self.candidates = candidates
        self.failures = failures
        self.filterNames = filterNames
    }

    /// The items that match the search and every filter, in `order` (list order when nil).
    @inlinable
    public func items(in order: ListOrder<Item>? = nil) -> [Item] {
        var matching: [Item] = []
        for position in 0..<candidates.count where failures[position] == 0 {
            matching.append(items[candidates[position]])
        }
        return order?.sorted(matching) ?? matching
    }

    /// Counts per facet value among the items that pass every filter but those named `facetName`.
    @inlinable
    public func facetCounts<Value: Hashable>(of facet: (Item) -> Value, excluding facetName: String) -> [Value: Int] {
        var ignored: UInt64 = 0
        for bit in 0..<filterNames.count where filterNames[bit] == facetName {
            ignored |= 1 << UInt64(bit)
        }
        var counts: [Value: Int] = [:]
        for position in 0..<candidates.count where failures[position] & ~ignored == 0 {
            counts[facet(items[candidates[position]]), default: 0] += 1
        }
        return counts
    }
}
