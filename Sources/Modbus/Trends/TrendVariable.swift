import Foundation

/// A variable as the history names it.
public struct TrendVariable: Sendable, Hashable {
    public var register: String
    public var name: String
    public var unit: String
    /// The digits after the point its numbers are written with; nil for a float's shortest.
    public var decimals: Int?

    public init(register: String, name: String, unit: String, decimals: Int? = nil) {
        self.register = register
        self.name = name
        self.unit = unit
        self.decimals = decimals
    }

    /// A number of this variable (a reading, a minimum, a mean) as it is written everywhere.
    public func text(_ value: Double) -> String {
        ValueEncoding.text(value, decimals: decimals)
    }
}
