/// The good items of a batch, and a problem for each bad one: one bad item never costs the others.
public struct PartialResult<Item: Sendable>: Sendable {
    public var items: [Item]
    public var problems: [Problem]

    public init(items: [Item] = [], problems: [Problem] = []) {
        self.items = items
        self.problems = problems
    }

    /// True when something was read but nothing of it was usable.
    public var isTotalFailure: Bool { items.isEmpty && !problems.isEmpty }
}
