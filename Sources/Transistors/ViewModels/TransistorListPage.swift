import ListorKit

/// Everything a list view shows for the current query.
public struct TransistorListPage: Sendable {
    /// The matching transistors, in the query's order.
    public let transistors: [any Transistor]
    /// The matching transistors formatted for a table.
    public var rows: [TransistorRow] { transistors.map(TransistorListViewModel.row) }
    public let totalCount: Int
    /// "12 of 171 transistors".
    public let summary: String
    /// Set when there is nothing to show, saying why and what to try.
    public let emptyMessage: String?
    public let familyCounts: [FacetCount]
    public let dopingCounts: [FacetCount]
    public let packageCounts: [FacetCount]
}
