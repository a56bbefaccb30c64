import Foundation

/// A variable as the history names it.
public struct TrendVariable: Sendable, Hashable {
    public var register: String
    public var name: String
    public var unit: String

    public init(register: String, name: String, unit: String) {
        self.register = register
        self.name = name
        self.unit = unit
    }
}
