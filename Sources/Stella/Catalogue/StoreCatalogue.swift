import Foundation
import ListorKit

/// The catalogue of a `StellaStore` in memory, as lists and searches need it: the products on
/// sale, never a draft or an archived one. At most every
/// `maximumAge` it asks the store what changed (`StellaStore.changes(since:)`): stock that orders
/// took here or on another node is put in place, and the catalogue is read whole again only when
/// an import changed it. Orders themselves always take stock from the store.
public actor StoreCatalogue {
    private let store: any StellaStore
    private let maximumAge: Duration
    /// Where the work that grows with the catalogue runs (building it, a page and its facets),
    /// away from the threads that answer every other request.
    private let work: any HeavyWork
    private let clock = ContinuousClock()
    private var current: (catalogue: Catalogue, changes: StoreChanges, checked: ContinuousClock.Instant)?
    /// Moves each time the catalogue in memory changes.
    private var generation: Int64 = 0
    private var checking: Task<(Catalogue, StoreChanges, changed: Bool), any Error>?

    public init(store: any StellaStore, maximumAge: Duration = .seconds(2), work: any HeavyWork = InlineWork()) {
        self.store = store
        self.maximumAge = maximumAge
        self.work = work
    }

    /// The catalogue, brought up to date once per `maximumAge` however many ask at once.
    public func catalogue() async throws -> Catalogue {
        if let current, clock.now - current.checked < maximumAge { return current.catalogue }
        if let checking { return try await checking.value.0 }
        let (store, known, work) = (store, current, work)
        let task = Task { () throws -> (Catalogue, StoreChanges, changed: Bool) in
            if let known {
                let changes = try await store.changes(since: known.changes.stock)
                if changes.catalogue == known.changes.catalogue {
                    // A stock re-read that holds what is known already changes nothing.
                    let moved = changes.variants.filter { sku, left in known.catalogue.stock(of: sku) != left }
                    return (moved.isEmpty ? known.catalogue : known.catalogue.updatingStock(moved), changes, !moved.isEmpty)
                }
            }
            // The numbers first: whatever changes while the products are read is asked about next time.
            let changes = try await store.changes(since: .max)
            let products = try await store.products()
            return (await work.run { Catalogue(products: products.filter(\.isOnSale)) }, changes, true)
        }
        checking = task
        defer { checking = nil }
        let (catalogue, changes, changed) = try await task.value
        if changed { generation += 1 }
        current = (catalogue, changes, clock.now)
        return catalogue
    }

    /// The catalogue's generation, brought up to date as `catalogue()` does: it moves whenever
    /// what the catalogue answers changes, so that a page kept under one is never stale.
    public func version() async throws -> Int64 {
        _ = try await catalogue()
        return generation
    }

    /// The store's catalogue as a client for the view models, its pages made on `work`.
    public nonisolated var client: CatalogueClient {
        let local = CatalogueClient.local { try await self.catalogue() }
        return CatalogueClient(departments: local.departments, page: { department, query in
            let catalogue = try await self.catalogue()
            return try await self.work.run { Result { () throws(CatalogueError) in try catalogue.page(department: department, query) } }.get()
        }, product: local.product, version: { try await self.version() })
    }
}
