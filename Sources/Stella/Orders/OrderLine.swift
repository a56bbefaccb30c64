/// One line of an order: a variant, what it was called, how many, and its price each when ordered.
public struct OrderLine: Sendable, Hashable {
    public var sku: String
    /// "Belted Dress — M / Navy", as the catalogue named it when ordered.
    public var title: String
    public var quantity: Int
    public var price: Money

    public init(sku: String, title: String = "", quantity: Int, price: Money) {
        self.sku = sku
        self.title = title
        self.quantity = quantity
        self.price = price
    }

    /// The line's price: each one's times how many.
    public var total: Money {
        Money(minorUnits: price.minorUnits * quantity, currency: price.currency)
    }

    /// "Belted Dress — M / Navy", or the SKU where the catalogue gave no title.
    public var name: String { title.isEmpty ? sku : title }

    /// "Belted Dress — M / Navy": a product's title and a variant's values, as a line names them.
    public static func title(_ product: String, values: [String]) -> String {
        values.isEmpty ? product : product + " — " + values.joined(separator: " / ")
    }
}
