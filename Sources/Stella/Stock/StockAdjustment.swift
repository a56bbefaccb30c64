import Foundation

/// One deliberate change of a variant's stock by the owner, as the store keeps it: which, when,
/// by whom, and the stock before and after. Orders and cancellations move stock too, and are
/// kept as orders.
public struct StockAdjustment: Sendable, Hashable {
    public var sku: String
    public var at: Date
    public var before: Int
    public var after: Int
    /// "ann (command line)".
    public var by: String

    public init(sku: String, at: Date, before: Int, after: Int, by: String) {
        self.sku = sku
        self.at = at
        self.before = before
        self.after = after
        self.by = by
    }
}
