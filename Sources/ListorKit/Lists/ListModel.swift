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
