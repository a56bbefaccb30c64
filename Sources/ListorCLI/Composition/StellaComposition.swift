import CoreMetrics
import Foundation
import ListorHTTPClient
import ListorKit
import Stella
import ListorPostgres
import StellaPostgres
import StellaSQLite

/// Builds Stella's catalogue client and its pictures from the settings: the bundled catalogue,
/// or a catalogue API's over HTTP; pictures drawn here or fetched from an origin, through one
/// image pipeline with a disk cache.
enum StellaComposition {
    /// Runs `body` with the store's catalogue, stock and orders: `stella.sqlite` in the data
    /// directory, or the PostgreSQL database `database` names, its client running meanwhile.
    static func withStore<T: Sendable>(dataDirectory: String?, database: String?, _ body: @Sendable (any StellaStore) async throws -> T) async throws -> T {
        guard let database, !database.isEmpty else {
            let directory = try DataDirectory.prepare(dataDirectory)
            return try await body(try SQLiteStellaStore(path: directory + "/stella.sqlite"))
        }
        let url: PostgresURL
        do { url = try PostgresURL(database) } catch { throw CompositionError("--stella-db: \(error)") }
        return try await PostgresStellaStore.withStore(at: url) { store in try await body(store) }
    }

    /// Runs `body` with the catalogue the settings name; an HTTP client exists only while needed.
    static func withCatalogue<T: Sendable>(_ settings: StellaSettings, _ body: (CatalogueClient) async throws -> T) async throws -> T {
        guard let url = settings.catalogue else { return try await body(.bundled(.bundled)) }
        return try await withLiveHTTPTransport { transport in
            try await body(.live(baseURL: url, transport: transport))
        }
    }

    /// The catalogue and its pictures for `serve`, over `transport`, the pictures kept in
    /// `dataDirectory`/image-cache.
    static func shop(_ settings: StellaSettings, dataDirectory: String, transport: HTTPTransport,
                     metrics: any MetricsFactory = NOOPMetricsHandler.instance) throws -> (catalogue: CatalogueClient, pictures: ProductPictures) {
        let disk: DiskImageCache
        do {
            disk = try DiskImageCache(directory: URL(fileURLWithPath: dataDirectory).appendingPathComponent("image-cache"),
                                      limit: settings.imageCacheSize, maximumAge: settings.imageCacheAge)
        } catch {
            throw CompositionError("cannot keep pictures in \(dataDirectory)/image-cache: \(error.localizedDescription)")
        }
        let catalogue: CatalogueClient = settings.catalogue.map { .live(baseURL: $0, transport: transport) } ?? .bundled(.bundled)
        let origin = settings.pictureOrigin
        let pipeline = ImagePipeline(disk: disk, name: "stella", metrics: metrics, fetch: origin == nil ? ProductPictures.drawing(from: .bundled) : ProductImagesProvider.fetch(transport))
        return (catalogue, ProductPictures(catalogue: catalogue, pipeline: pipeline, origin: origin))
    }
}

extension ImagePipeline.Counters {
    /// "Pictures: 120 from memory, 3 from disk, 5 fetched (0 failed)".
    var summary: String {
        "Pictures: \(memoryHits) from memory, \(diskHits) from disk, \(fetches) fetched (\(failures) failed)"
    }
}
