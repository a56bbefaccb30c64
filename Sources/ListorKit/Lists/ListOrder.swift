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
