import Foundation

/// The owner's products: archived (off sale, kept), restored (on sale again), or deleted
/// (gone; the orders that had it keep their lines).
public struct ProductAdminViewModel: Sendable {
    private let store: any StellaStore

    public init(store: any StellaStore) {
        self.store = store
    }

    /// Gives the product `handle` names `status`; throws `CatalogueError.unknownProduct` when the
    /// store has none.
    public func set(_ handle: String, to status: Product.Status) async throws -> Product {
        var product = try await product(handle)
        try await store.save([], statuses: [product.code: status], deleting: [])
        product.status = status
        return product
    }

    /// Deletes the product `handle` names, with its variants and their stock.
    public func delete(_ handle: String) async throws -> Product {
        let product = try await product(handle)
        try await store.save([], statuses: [:], deleting: [product.code])
        return product
    }

    private func product(_ handle: String) async throws -> Product {
        let handle = handle.trimmingCharacters(in: .whitespaces)
        guard let product = try await store.products().first(where: { $0.code == handle }) else { throw CatalogueError.unknownProduct(handle) }
        return product
    }
}
