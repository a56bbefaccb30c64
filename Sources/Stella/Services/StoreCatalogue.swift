import Foundation
import ListorKit

/// The catalogue of a `StellaStore` in memory, as lists and searches need it, read again from
/// the store when it is older than `maximumAge`: stock taken by orders here or on another node
/// shows within that time. Orders themselves always take stock from the store.
public actor StoreCatalogue {
    private let store: any StellaStore
    private let maximumAge: Duration
    private let clock = ContinuousClock()
    private var current: (catalogue: Catalogue, read: ContinuousClock.Instant)?
    private var reading: Task<Catalogue, any Error>?

    public init(store: any StellaStore, maximumAge: Duration = .seconds(2)) {
        self.store = store
        self.maximumAge = maximumAge
    }

    /// The catalogue, read from the store once per `maximumAge` however many ask at once.
    public func catalogue() async throws -> Catalogue {
        if let current, clock.now - current.read < maximumAge { return current.catalogue }
        if let reading { return try await reading.value }
        let store = store
        let task = Task { Catalogue(products: try await store.products()) }
        reading = task
        defer { reading = nil }
        let catalogue = try await task.value
        current = (catalogue, clock.now)
        return catalogue
    }

    /// The store's catalogue as a client for the view models.
    public nonisolated var client: CatalogueClient {
        .local { try await self.catalogue() }
    }
}
