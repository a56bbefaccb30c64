import Foundation

/// Where orders are placed and looked up: the store that keeps the stock (`StellaStore`), or
/// another store's order API (`RemoteOrderDesk`), for a server that shows another's catalogue.
public protocol OrderDesk: Sendable {
    /// Takes the stock of every line and writes the order, or, when any line cannot be filled,
    /// throws `StellaStoreError.short` naming each and changes nothing. `request` has been checked.
    func place(_ request: OrderRequest, at date: Date) async throws -> Order
    /// The order whose page key is `key`; throws `StellaStoreError.unknownOrder`.
    func order(key: String) async throws -> Order
}
