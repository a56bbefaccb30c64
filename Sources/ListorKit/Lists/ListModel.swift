/// A list that can be searched, filtered, sorted and counted: the part every list screen shares.
///
/// Search keys are folded once, when the model is built; a query then costs one byte search
/// per item. App view models own a `ListModel` and describe their filters and sort orders.
public struct ListModel<Item: Sendable>: Sendable {
    // Parallel arrays rather than an array of (item, key) pairs: a filter reads items in place
    // without copying, and retaining, a pair per item.
    public let items: [Item]
    private let searchKeys: [FoldedText]

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
        let matching = indices(matching: search, filters).map { items[$0] }
        if let order { return order.sorted(matching) }
        return matching
    }

    /// Counts per facet value among the items that pass the search and every *other* filter,
    /// as faceted search does: the numbers beside a filter's choices say what picking one would give.
    public func facetCounts<Value: Hashable>(
        of facet: (Item) -> Value,
        search: SearchQuery,
        filters: [ListFilter<Item>],
        excluding facetName: String
    ) -> [Value: Int] {
        let others = filters.filter { $0.name != facetName }
        var counts: [Value: Int] = [:]
        for index in indices(matching: search, others) {
            counts[facet(items[index]), default: 0] += 1
        }
        return counts
    }

    private func indices(matching search: SearchQuery, _ filters: [ListFilter<Item>]) -> [Int] {
        var matching: [Int] = []
        next: for index in items.indices {
            if !search.isEmpty, !search.matches(searchKeys[index]) { continue }
            for filter in filters where !filter.includes(items[index]) { continue next }
            matching.append(index)
        }
        return matching
    }
}

/// A named condition on list items; the name lets facet counts leave out the facet's own filter.
public struct ListFilter<Item>: Sendable {
    public let name: String
    public let includes: @Sendable (Item) -> Bool

    public init(_ name: String, includes: @escaping @Sendable (Item) -> Bool) {
        self.name = name
        self.includes = includes
    }
}

/// A sort order from a precomputed key, so comparisons never repeat string work.
public struct ListOrder<Item>: Sendable {
    private let sortedItems: @Sendable ([Item]) -> [Item]

    public init<Key: Comparable & Sendable>(key: @escaping @Sendable (Item) -> Key, descending: Bool = false) {
        sortedItems = { items in
            let keyed = items.map { (key: key($0), item: $0) }
            // Sorting by key then position keeps equal keys in list order (a stable sort).
            let indices = keyed.indices.sorted { a, b in
                if keyed[a].key != keyed[b].key {
                    return descending ? keyed[b].key < keyed[a].key : keyed[a].key < keyed[b].key
                }
                return a < b
            }
            return indices.map { keyed[$0].item }
        }
    }

    public func sorted(_ items: [Item]) -> [Item] { sortedItems(items) }
}
