import Foundation

/// One field of a comparison, one value per part.
public struct ComparisonRow: Sendable, Hashable {
    public let label: String
    /// The part's value as shown; empty when its datasheet does not give it.
    public let values: [String]
    /// Whether the parts' values are not all the same.
    public let differs: Bool
    /// For each part, whether its value is the best of the row (none when the row has no better).
    public let isBest: [Bool]
}
