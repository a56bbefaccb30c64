import Foundation

/// Where the store keeps its catalogue, its stock and its orders: SQLite by default. Stock is
/// taken in the transaction that writes the order, so the last item is sold once however many
/// shoppers order it at once, and never goes below zero.
public protocol StellaStore: Sendable {
    /// Adds the products, or replaces those of the same handle with their variants; a product's
    /// variants not in the file are removed. One transaction for the lot.
    func save(_ products: [ShopifyProduct]) async throws
    func products() async throws -> [ShopifyProduct]
    /// Takes the stock of every line and writes the order, or, when any line cannot be filled,
    /// throws `StoreError.short` naming each and changes nothing. `request` has been checked.
    func place(_ request: OrderRequest, at date: Date) async throws -> Order
    /// Orders, newest first.
    func orders(limit: Int, offset: Int) async throws -> [Order]
    /// Throws `StoreError.unknownOrder`.
    func order(number: String) async throws -> Order
}
