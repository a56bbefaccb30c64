import ListorKit

/// One choice of a filter with how many results picking it would give.
public struct FacetCount: Sendable, Hashable {
    /// The value as the query takes it ("mosfet", "TO-92").
    public let value: String
    public let label: String
    public let count: Int
    public let isSelected: Bool
}
