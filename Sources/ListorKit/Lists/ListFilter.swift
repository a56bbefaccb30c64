/// A named condition on list items; the name lets facet counts leave out the facet's own filter.
public struct ListFilter<Item>: Sendable {
    public let name: String
    public let includes: @Sendable (Item) -> Bool

    public init(_ name: String, includes: @escaping @Sendable (Item) -> Bool) {
        self.name = name
        self.includes = includes
    }
}
