import Foundation
import ListorKit

/// The shopper's last step: an order checked, then placed, its stock taken at once. Paid on delivery.
public struct Checkout: Sendable {
    private let store: any StellaStore
    private let now: @Sendable () -> Date

    public init(store: any StellaStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    /// Places the order: throws `FieldErrors` for what is missing or wrong (nothing is taken),
    /// or `StoreError.short` naming each line the stock cannot fill.
    public func placeOrder(_ body: OrderBody) async throws -> Order {
        try await store.place(try body.request(), at: now())
    }
}
