/// One line of an order: a variant, how many, and its price each when ordered.
public struct OrderLine: Sendable, Hashable {
    public var sku: String
    public var quantity: Int
    public var price: Money

    public init(sku: String, quantity: Int, price: Money) {
        self.sku = sku
        self.quantity = quantity
        self.price = price
    }
}
