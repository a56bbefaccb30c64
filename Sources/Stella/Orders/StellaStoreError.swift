/// What the store refuses (an order the stock cannot fill, of which nothing is taken; an order it
/// does not have), or its database failing.
public enum StellaStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case short([Shortage])
    case unknownOrder(String)
    case unknownSKU(String)
    /// The order is no longer open: fulfilled or cancelled already.
    case orderClosed(String, Order.State)
    /// A catalogue would move a SKU to another product: the SKU and the product it was given to.
    case skuTaken(String, product: String)
    /// The database failed: where, and its reason.
    case failed(String)

    public var description: String {
        switch self {
        case .short(let shortages): "not enough stock: " + shortages.map(\.description).joined(separator: "; ")
        case .unknownOrder(let number): "there is no order \(number)"
        case .unknownSKU(let sku): "the store has no variant of SKU \(sku)"
        case .orderClosed(let number, let state): "order \(number) is \(state.rawValue) already; nothing was changed"
        case .skuTaken(let sku, let product): "the SKU \(sku) belongs to another product in the store, not to \(product); nothing was saved"
        case .failed(let reason): reason
        }
    }
}
