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

    /// One line a variant, however often the request names it, in the order first named.
    public var lines: [Item] {
        var lines: [Item] = []
        for item in items {
            if let index = lines.firstIndex(where: { $0.sku == item.sku }) { lines[index].quantity += item.quantity } else { lines.append(item) }
        }
        return lines
    }
}
