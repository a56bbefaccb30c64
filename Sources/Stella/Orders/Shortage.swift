/// A line of an order the stock cannot fill: the variant, how many were asked for, how many are left.
public struct Shortage: Sendable, Hashable, CustomStringConvertible {
    public var sku: String
    public var wanted: Int
    /// 0 when sold out; nil when the store has no such variant.
    public var left: Int?

    public init(sku: String, wanted: Int, left: Int?) {
        self.sku = sku
        self.wanted = wanted
        self.left = left
    }

    /// "LS-S-W: 2 wanted, 1 left", "LS-S-W: sold out", "XX-1: no such variant".
    public var description: String {
        guard let left else { return "\(sku): no such variant" }
        return left == 0 ? "\(sku): sold out" : "\(sku): \(wanted) wanted, \(left) left"
    }
}
