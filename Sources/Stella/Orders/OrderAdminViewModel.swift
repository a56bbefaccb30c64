import Foundation
import ListorKit

/// The owner's orders: listed by state and searched, each with where it goes, and marked sent or
/// cancelled. What the back office's pages, its API and the command line do with an order.
public struct OrderAdminViewModel: Sendable {
    /// Orders on one page of the list.
    public static let pageSize = 50
    /// The longest tracking note kept.
    public static let maximumTrackingLength = 200

    private let store: any StellaStore
    private let now: @Sendable () -> Date

    public init(store: any StellaStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    /// Page `page` (from 1) of the orders in `state` (all when nil) whose number, name or email
    /// holds `search`, newest first.
    public func orders(state: Order.State? = nil, search: String = "", page: Int = 1) async throws -> [Order] {
        try await store.orders(state: state, search: search.trimmingCharacters(in: .whitespaces), limit: Self.pageSize,
                               offset: (max(page, 1) - 1) * Self.pageSize)
    }

    public func order(number: String) async throws -> Order {
        try await store.order(number: number.trimmingCharacters(in: .whitespaces))
    }

    /// The order, and the mail its shopper was sent or is to be sent about it.
    public func orderWithMail(number: String) async throws -> (Order, [QueuedMail]) {
        let order = try await order(number: number)
        return (order, try await store.mail(aboutOrder: order.number))
    }

    /// The order its shopper's page key names.
    public func order(key: String) async throws -> Order {
        try await store.order(key: key)
    }

    /// Marks the order sent, with the carrier's tracking note when there is one; throws
    /// `FieldErrors` for a note that cannot be kept, `StellaStoreError.orderClosed` for an order
    /// fulfilled or cancelled already.
    public func fulfil(number: String, tracking: String?, by who: ChangeAuthor) async throws -> Order {
        var errors: [FieldError] = []
        let note = TextInput.text(tracking ?? "", "tracking", required: false, limit: Self.maximumTrackingLength, errors: &errors)
        if !errors.isEmpty { throw FieldErrors(errors) }
        return try await store.fulfil(number: number.trimmingCharacters(in: .whitespaces), tracking: note, by: who.description, at: now())
    }

    /// Cancels the order and puts its stock back, once however many press at once; throws
    /// `StellaStoreError.orderClosed` for an order fulfilled or cancelled already.
    public func cancel(number: String, by who: ChangeAuthor) async throws -> Order {
        try await store.cancel(number: number.trimmingCharacters(in: .whitespaces), by: who.description, at: now())
    }
}
