import ListorKit

/// Everything a list view shows for the current query: one page of the matching parts.
public struct TransistorListPage: Sendable {
    /// This page's transistors, in the query's order.
    public let transistors: [any Transistor]
    /// The page's transistors formatted for a table.
    public var rows: [TransistorRow] { transistors.map(TransistorListViewModel.row) }
    public let totalCount: Int
    /// How many parts match, on every page.
    public let matchCount: Int
    /// From 1; a query past the last page gets the last.
    public let pageNumber: Int
    /// At least 1, even when nothing matches.
    public let pageCount: Int
    /// "12 of 171 transistors", or with pages "51–100 of 1200 matching, of 1000000 transistors".
    public let summary: String
    /// Set when there is nothing to show, saying why and what to try.
    public let emptyMessage: String?
    public let familyCounts: [FacetCount]
    public let dopingCounts: [FacetCount]
    public let packageCounts: [FacetCount]

    public var previousPage: Int? { pageNumber > 1 ? pageNumber - 1 : nil }
    public var nextPage: Int? { pageNumber < pageCount ? pageNumber + 1 : nil }
}
