/// One thing a shopper can put in the bag: a product in one value of each of its options,
/// with its own SKU, price, stock, and picture where the catalogue gives one.
public struct ProductVariant: Sendable, Hashable {
    /// The stock-keeping unit, unique in the store: what orders and the API name.
    public var sku: String
    /// One value per option of the product, in the options' order.
    public var values: [String]
    public var price: Money
    /// The price before a sale, when on sale.
    public var compareAtPrice: Money?
    public var stock: Int
    /// The address of its own picture.
    public var picture: String?

    public init(sku: String, values: [String], price: Money, compareAtPrice: Money? = nil, stock: Int, picture: String? = nil) {
        self.sku = sku
        self.values = values
        self.price = price
        self.compareAtPrice = compareAtPrice
        self.stock = stock
        self.picture = picture
    }
}
