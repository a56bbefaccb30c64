import CoreMetrics
import Foundation
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import ListorSQL
import Stella
import StellaSQL

/// Builds Stella's store, its catalogue client and its pictures from the settings: the store's
/// own catalogue (the generated one until another is imported) or a catalogue API's over HTTP;
/// pictures drawn here, fetched from the catalogue's addresses, or from an origin, through one
/// image pipeline with a disk cache.
package enum StellaComposition {
    /// The store's catalogue, stock and orders, open until `scope` ends: `stella.sqlite` in the
    /// data directory, or the PostgreSQL database `database` names, its client running
    /// meanwhile. A new store starts with the generated catalogue.
    package static func store(dataDirectory: String, database: String?, in scope: ResourceScope) async throws -> SQLStellaStore {
        guard let database, !database.isEmpty else {
            let directory = try DataDirectory.prepare(dataDirectory)
            let store = try SQLStellaStore(path: directory + "/stella.sqlite")
            _ = try await store.seed(CatalogueGenerator.products())
            return store
        }
        let url: PostgresURL
        do { url = try PostgresURL(database) } catch { throw CompositionError("--stella-db: \(error)") }
        do {
            let store = SQLStellaStore(database: try await PostgreSQLDatabase.open(at: url, in: scope))
            try await store.migrate()
            _ = try await store.seed(CatalogueGenerator.products())
            return store
        } catch let error as StorageError where error.code == .unavailable {
            throw StellaStoreError.failed("cannot use the store's database at \(url): \(error.message)")
        }
    }

    /// Runs `body` with the catalogue the settings name: a catalogue API's, over an HTTP client
    /// that exists only while needed, or the store's.
    static func withCatalogue<T: Sendable>(_ settings: StellaSettings, dataDirectory: String, _ body: @Sendable (CatalogueClient) async throws -> T) async throws -> T {
        try await ResourceScope.with { scope in
            guard let url = settings.catalogue else {
                return try await body(StoreCatalogue(store: store(dataDirectory: dataDirectory, database: settings.database, in: scope)).client)
            }
            return try await body(.live(baseURL: url, transport: liveHTTPTransport(in: scope)))
        }
    }

    /// Imports the Shopify product CSV at `path` into `store`, as `serve --stella-catalogue` does
    /// at start, its pictures' addresses checked by `addressGuard`.
    package static func importCatalogue(_ path: String, into store: any StellaStore, addressGuard: AddressGuard) async throws -> CatalogueImport {
        let text: String
        do { text = try TextFile.read(path) } catch {
            throw CompositionError("--stella-catalogue: \(error)")
        }
        do { return try await CatalogueImport.run(text, into: store, addresses: addressGuard) } catch let error as ShopifyCSVError {
            throw CompositionError("--stella-catalogue: \(path): \(error)")
        }
    }

    /// The catalogue, its pictures and where orders go for `serve`: the store's (or the catalogue
    /// API's, orders through its API), pictures fetched over `transport` and kept in
    /// `dataDirectory`/image-cache.
    package static func shop(_ settings: StellaSettings, store: any StellaStore, dataDirectory: String, transport: HTTPTransport, work: any HeavyWork,
                     metrics: any MetricsFactory = NOOPMetricsHandler.instance) throws -> (catalogue: CatalogueClient, pictures: ProductPictures, orders: any OrderDesk) {
        let disk: DiskImageCache
        do {
            disk = try DiskImageCache(directory: URL(fileURLWithPath: dataDirectory).appendingPathComponent("image-cache"),
                                      limit: settings.imageCacheSize, maximumAge: settings.imageCacheAge)
        } catch {
            throw CompositionError("cannot keep pictures in \(dataDirectory)/image-cache: \(error.localizedDescription)")
        }
        let catalogue: CatalogueClient = settings.catalogue.map { .live(baseURL: $0, transport: transport) } ?? StoreCatalogue(store: store, work: work).client
        let pipeline = ImagePipeline(disk: disk, name: "stella", metrics: metrics, fetch: ProductPictures.fetch(drawingFrom: catalogue, transport: transport))
        let orders: any OrderDesk = settings.catalogue.map { RemoteOrderDesk(baseURL: $0, transport: transport) } ?? store
        return (catalogue, ProductPictures(catalogue: catalogue, pipeline: pipeline, origin: settings.pictureOrigin), orders)
    }
}

extension ImagePipeline.Counters {
    /// "Pictures: 120 from memory, 3 from disk, 5 fetched (0 failed)".
    package var summary: String {
        "Pictures: \(memoryHits) from memory, \(diskHits) from disk, \(fetches) fetched (\(failures) failed)"
    }
}
