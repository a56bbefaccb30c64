import Stella

/// One line of an order as the order pages show it, the shopper's and the owner's.
struct OrderLineRow: Encodable {
    let sku: String
    let title: String
    let quantity: Int
    let price: String
    let total: String

    init(_ line: OrderLine) {
        sku = line.sku
        title = line.name
        quantity = line.quantity
        price = line.price.formatted
        total = line.total.formatted
    }
}
