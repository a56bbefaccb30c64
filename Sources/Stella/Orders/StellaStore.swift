import Foundation
import ListorKit

/// Where the store keeps its catalogue, its stock and its orders: SQLite by default. Stock is
/// taken in the transaction that writes the order, so the last item is sold once however many
/// shoppers order it at once, and never goes below zero. Its outbox holds the mail to the
/// shopper about each order, kept with the change it tells of.
public protocol StellaStore: OrderDesk, MailOutbox {
    /// Adds the products, or replaces those of the same handle with their variants; a product's
    /// variants not in the file are removed. A variant the store has keeps its stock, which only
    /// orders move; a SKU another product has is refused (`StellaStoreError.skuTaken`) and nothing is
    /// saved. Then the products `statuses` names get their status, and those `deleting` names are
    /// deleted (their orders keep their lines). One transaction for the lot.
    func save(_ products: [Product], statuses: [String: Product.Status], deleting: [String]) async throws
    /// Saves the products only when the store never had a catalogue, as a new store's first; true
    /// when it did. Several nodes seeding one database at once save them once.
    func seed(_ products: [Product]) async throws -> Bool
    /// In the order they were first saved.
    func products() async throws -> [Product]
    /// What changed since stock change `stock` (0 for everything): see `StoreChanges`.
    func changes(since stock: Int64) async throws -> StoreChanges
    /// Orders, newest first: those in `state` (all when nil) whose number, name or email holds
    /// `search` (without regard to case).
    func orders(state: Order.State?, search: String, limit: Int, offset: Int) async throws -> [Order]
    /// Marks an open order sent, with an optional tracking note; throws
    /// `StellaStoreError.orderClosed` when it is not open, `unknownOrder` when there is none.
    func fulfil(number: String, tracking: String?, by: String, at date: Date) async throws -> Order
    /// Cancels an open order and returns its stock, exactly once however many ask at once; throws
    /// as `fulfil` does.
    func cancel(number: String, by: String, at date: Date) async throws -> Order
    /// Sets the stock on hand of each variant `counts` names and keeps each adjustment, in one
    /// transaction; throws `StellaStoreError.unknownSKU` when the store has no such variant, and
    /// then nothing is changed.
    func setStock(_ counts: [(sku: String, stock: Int)], by: String, at date: Date) async throws -> [StockAdjustment]
    /// The owner's adjustments, newest first: of `sku`, or of every variant when nil.
    func stockAdjustments(sku: String?, limit: Int) async throws -> [StockAdjustment]
    /// Throws `StellaStoreError.unknownOrder`.
    func order(number: String) async throws -> Order
    /// The mail the order's shopper was sent or is to be sent, oldest first, with what became of each.
    func mail(aboutOrder number: String) async throws -> [QueuedMail]
}

extension StellaStore {
    /// Adds or replaces `products`, as `save(_:statuses:deleting:)` does, and nothing else.
    public func save(_ products: [Product]) async throws {
        try await save(products, statuses: [:], deleting: [])
    }

    /// Sets the stock on hand of the variant `sku` names, as `setStock(_:by:at:)` does.
    public func setStock(sku: String, to stock: Int, by: String, at date: Date) async throws -> StockAdjustment {
        try await setStock([(sku, stock)], by: by, at: date)[0]
    }

    /// Every order, newest first.
    public func orders(limit: Int, offset: Int) async throws -> [Order] {
        try await orders(state: nil, search: "", limit: limit, offset: offset)
    }
}
