/// A list that can be searched, filtered, sorted and counted: the part every list screen shares.
///
/// Search keys are folded once, when the model is built; a query then costs one byte search
/// per item. App view models own a `ListModel` and describe their filters and sort orders.
public struct ListModel<Item: Sendable>: Sendable {
    public struct Entry: Sendable {
        public let item: Item
        public let searchKey: FoldedText
    }

    public let entries: [Entry]

    /// - Parameter searchableText: the text a search looks in, e.g. part number, use and package.
    public init(_ items: [Item], searchableText: (Item) -> String) {
        entries = items.map { Entry(item: $0, searchKey: FoldedText(searchableText($0))) }
    }

    public var count: Int { entries.count }
    public var items: [Item] { entries.map(\.item) }

    /// The items that match `search` and every filter, in `order`.
    public func query(
        search: SearchQuery,
        filters: [ListFilter<Item>] = [],
        order: ListOrder<Item>? = nil
    ) -> [Item] {
        var matching: [Item] = []
        for entry in entries where search.matches(entry.searchKey) && filters.allSatisfy({ $0.includes(entry.item) }) {
            matching.append(entry.item)
        }
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
        for entry in entries where search.matches(entry.searchKey) && others.allSatisfy({ $0.includes(entry.item) }) {
            counts[facet(entry.item), default: 0] += 1
        }
        return counts
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
