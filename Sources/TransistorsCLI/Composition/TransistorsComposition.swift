import CListorMemory
import Foundation
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import Transistors

/// Builds Transistor Listor's catalog provider from where the catalog is: bundled, a file, or a URL.
package enum TransistorsComposition {
    /// The list view model over the catalog at `locations`: a catalog of files through its index
    /// file in `indexDirectory` (`IndexedCatalog`), any other read.
    package static func loadedList(_ locations: [CatalogLocation], query: TransistorQuery = TransistorQuery(), indexDirectory: String?,
                           rebuildingIndex: Bool = false, warn: (String) -> Void = { _ in }) async throws -> TransistorListViewModel {
        let paths = locations.compactMap { location -> String? in
            if case .file(let path) = location { URL(fileURLWithPath: path).standardizedFileURL.path } else { nil }
        }
        guard let indexDirectory, !paths.isEmpty, paths.count == locations.count else { return try await loadedList(locations, query: query) }
        return try await IndexedCatalog(paths: paths, directory: indexDirectory).list(query: query, rebuilding: rebuildingIndex, warn: warn) {
            try await loadedList(locations, query: query)
        }
    }

    /// The list view model with the catalog at `locations` read and loaded into it (or its failure).
    static func loadedList(_ locations: [CatalogLocation], query: TransistorQuery = TransistorQuery()) async throws -> TransistorListViewModel {
        var viewModel = TransistorListViewModel(query: query)
        viewModel = try await withCatalogProvider(locations) { provider in
            var loading = viewModel
            await loading.load(from: provider)
            return loading
        }
        // Decoding and indexing a large catalog leave freed pages the process would otherwise
        // keep for as long as it runs; a million parts took a third more memory without this.
        _ = listor_return_free_memory()
        return viewModel
    }

    /// Runs `body` with the catalog provider for `locations`: the bundled catalog for none, one
    /// source's for one, and their merge for several. An HTTP client exists only while needed.
    static func withCatalogProvider<T: Sendable>(
        _ locations: [CatalogLocation],
        _ body: (any DataProvider<TransistorCatalog>) async throws -> T
    ) async throws -> T {
        guard locations.contains(where: { if case .url = $0 { true } else { false } }) else {
            return try await body(provider(locations, transport: nil))
        }
        return try await withLiveHTTPTransport { transport in try await body(provider(locations, transport: transport)) }
    }

    private static func provider(_ locations: [CatalogLocation], transport: HTTPTransport?) -> any DataProvider<TransistorCatalog> {
        func one(_ location: CatalogLocation) -> any DataProvider<TransistorCatalog> {
            switch location {
            case .file(let path): return TransistorCatalogProviders.file(path: path)
            case .bundled: return TransistorCatalogProviders.bundled()
            case .url(let url):
                // `withCatalogProvider` makes a transport whenever a location is a URL.
                guard let transport else { preconditionFailure("no HTTP transport for \(url)") }
                return TransistorCatalogProviders.http(url: url, transport: transport)
            }
        }
        switch locations.count {
        case 0: return TransistorCatalogProviders.bundled()
        case 1: return one(locations[0])
        default: return MergedCatalogProvider(sources: locations.map { MergedCatalogProvider.Source(name: $0.name, provider: one($0)) })
        }
    }
}
