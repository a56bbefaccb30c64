/// What a shopper asks for: variants by SKU and how many of each, and who and where, checked.
public struct OrderRequest: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var sku: String
        public var quantity: Int

        public init(sku: String, quantity: Int) {
            self.sku = sku
            self.quantity = quantity
        }
    }

    public var items: [Item]
    public var name: String
    public var email: String
    public var address: String

    public init(items: [Item], name: String, email: String, address: String) {
        self.items = items
        self.name = name
        self.email = email
        self.address = address
    }
}
