/// A list that can be searched, filtered, sorted and counted: the part every list screen shares.
///
/// Search keys are folded once, when the model is built; a query then costs one byte search
/// per item. App view models own a `ListModel` and describe their filters and sort orders.
public struct ListModel<Item: Sendable>: Sendable {
    // Parallel arrays rather than an array of (item, key) pairs: a filter reads items in place
    // without copying, and retaining, a pair per item.
    public let items: [Item]
    @usableFromInline let searchKeys: [FoldedText]

    /// - Parameter searchableText: the text a search looks in, e.g. part number, use and package.
    public init(_ items: [Item], searchableText: (Item) -> String) {
        self.items = items
        searchKeys = items.map { FoldedText(searchableText($0)) }
    }

    public var count: Int { items.count }

    /// The items that match `search` and every filter, in `order`.
    public func query(
        search: SearchQuery,
        filters: [ListFilter<Item>] = [],
        order: ListOrder<Item>? = nil
    ) -> [Item] {
        select(search: search, filters: filters).items(in: order)
    }

    /// Counts per facet value among the items that pass the search and every *other* filter,
    /// as faceted search does: the numbers beside a filter's choices say what picking one would give.
    public func facetCounts<Value: Hashable>(
        of facet: (Item) -> Value,
        search: SearchQuery,
        filters: [ListFilter<Item>],
        excluding facetName: String
    ) -> [Value: Int] {
        select(search: search, filters: filters).facetCounts(of: facet, excluding: facetName)
    }

    /// Searches once and runs every filter once per item, remembering which filters each item
    /// failed; the results and all facet counts are then read from that one pass.
    /// Inlinable, so that it is specialised for each app's item type rather than run generically.
    @inlinable
    public func select(search: SearchQuery, filters: [ListFilter<Item>]) -> ListSelection<Item> {
        precondition(filters.count <= 64, "a list selection takes at most 64 filters")
        var candidates: [Int] = []
        var failures: [UInt64] = []
        candidates.reserveCapacity(items.count)
        failures.reserveCapacity(items.count)
        for index in items.indices {
            if !search.isEmpty, !search.matches(searchKeys[index]) { continue }
            var failed: UInt64 = 0
            for bit in 0..<filters.count where !filters[bit].includes(items[index]) {
                failed |= 1 << UInt64(bit)
            }
            candidates.append(index)
            failures.append(failed)
        }
        return ListSelection(items: items, candidates: candidates, failures: failures, filterNames: filters.map(\.name))
    }
}
