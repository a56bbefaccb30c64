import Foundation
import ListorKit

/// The shopper's last step: an order checked, then placed, its stock taken at once. Paid on delivery.
public struct Checkout: Sendable {
    private let store: any OrderDesk
    private let now: @Sendable () -> Date

    public init(store: any OrderDesk, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    /// Places the order: throws `FieldErrors` for what is missing or wrong (nothing is taken),
    /// or `StoreError.short` naming each line the stock cannot fill.
    public func placeOrder(_ body: OrderBody) async throws -> Order {
        try await store.place(try body.request(), at: now())
    }

    /// Places the order of what is in the bag, to the name, email and address the shopper gave.
    public func placeOrder(of bag: Bag, name: String, email: String, address: String) async throws -> Order {
        try await placeOrder(OrderBody(items: bag.lines.map { OrderRequest.Item(sku: $0.sku, quantity: $0.quantity) }, name: name, email: email, address: address))
    }

    /// The order page: the order its key names; throws `StoreError.unknownOrder`.
    public func order(key: String) async throws -> Order {
        try await store.order(key: key)
    }
}
