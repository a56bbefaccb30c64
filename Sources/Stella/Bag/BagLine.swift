/// A line of the bag as the bag page and checkout show it: the product and variant as the
/// catalogue has them now, and what has changed since the shopper put it in.
public struct BagLine: Sendable, Hashable {
    public var code: String
    public var sku: String
    /// "Belted Dress — M / Navy".
    public var title: String
    public var brand: String
    public var picture: String?
    public var quantity: Int
    public var price: Money
    /// The variant as the catalogue has it now; nil when it no longer has it.
    public var variant: ProductVariant?

    public var total: Money { Money(minorUnits: price.minorUnits * quantity, currency: price.currency) }

    /// "Sold out since you added it", "Only 2 left", "No longer sold"; nil when it can be ordered.
    public var note: String? {
        guard let variant else { return "No longer sold: remove it to check out" }
        guard let stock = variant.orderable else { return nil }
        if stock == 0 { return "Sold out since you added it: remove it to check out" }
        return stock < quantity ? "Only \(stock) left: lower the quantity to check out" : nil
    }
}
