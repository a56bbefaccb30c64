import Foundation
import ListorKit

/// The shopper's last step: an order checked, then placed, its stock taken at once. Paid on delivery.
public struct CheckoutViewModel: Sendable {
    private let store: any OrderDesk
    /// How much one shopper may order in an hour; nil for no bound.
    private let allowance: OrderAllowance?
    private let now: @Sendable () -> Date

    public init(store: any OrderDesk, allowance: OrderAllowance? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.allowance = allowance
        self.now = now
    }

    /// Places the order for the shopper at `client` (their address): throws `FieldErrors` for
    /// what is missing or wrong, `OrderLimitError` past what one shopper may order in an hour,
    /// or `StellaStoreError.short` naming each line the stock cannot fill; nothing is taken then.
    public func placeOrder(_ body: OrderBody, from client: String) async throws -> Order {
        let request = try body.request()
        let items = request.items.reduce(0) { $0 + $1.quantity }
        try allowance?.reserve(items, client: client, email: request.email)
        do { return try await store.place(request, at: now()) } catch {
            allowance?.giveBack(items, client: client, email: request.email)
            throw error
        }
    }

    /// Places the order of what is in the bag, to the name, email and address the shopper gave.
    public func placeOrder(of bag: Bag, name: String, email: String, address: String, from client: String) async throws -> Order {
        try await placeOrder(OrderBody(items: bag.lines.map { OrderRequest.Item(sku: $0.sku, quantity: $0.quantity) }, name: name, email: email, address: address),
                             from: client)
    }

    /// The order page: the order its key names, in either case; throws `StellaStoreError.unknownOrder`,
    /// also for a key not of an order's form (`Order.newKey`), which is never a question to the store.
    public func order(key: String) async throws -> Order {
        guard key.count == 32, key.allSatisfy(\.isHexDigit) else { throw StellaStoreError.unknownOrder(key) }
        return try await store.order(key: key.lowercased())
    }
}
