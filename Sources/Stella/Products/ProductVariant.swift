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
    /// On hand: below zero only for a variant that `oversells`.
    public var stock: Int
    /// The address of its own picture.
    public var picture: String?
    /// False when the store does not count its stock (Shopify's empty Inventory Tracker): orders
    /// leave the stock as it is and it is never sold out.
    public var tracked: Bool
    /// True when it may be sold past zero (Shopify's `continue` inventory policy): orders take
    /// the stock below zero, as orders to fill later.
    public var oversells: Bool
    /// Its barcode and weight.
    public var details: VariantDetails

    public init(sku: String, values: [String], price: Money, compareAtPrice: Money? = nil, stock: Int, picture: String? = nil,
                tracked: Bool = true, oversells: Bool = false, details: VariantDetails = VariantDetails()) {
        self.sku = sku
        self.values = values
        self.price = price
        self.compareAtPrice = compareAtPrice
        self.stock = stock
        self.picture = picture
        self.tracked = tracked
        self.oversells = oversells
        self.details = details
    }

    /// How many one order may take: the stock when it bounds orders, nil when nothing does.
    public var orderable: Int? { tracked && !oversells ? max(stock, 0) : nil }

    /// Whether a shopper can order one now.
    public var isAvailable: Bool { orderable.map { $0 > 0 } ?? true }

    /// Its stock as the owner is told it: "12", "0 (sells past zero)", "not tracked".
    public var stockText: String {
        tracked ? "\(stock)\(oversells ? " (sells past zero)" : "")" : "not tracked"
    }
}
