import CListorMemory
import Foundation
import ListorHTTPClient
import ListorKit
import Transistors

/// Builds Transistor Listor's catalog provider from where the catalog is: bundled, a file, or a URL.
enum TransistorsComposition {
    /// The list view model with the catalog at `location` loaded into it (or its failure).
    static func loadedList(_ location: CatalogLocation, query: TransistorQuery = TransistorQuery()) async throws -> TransistorListViewModel {
        var viewModel = TransistorListViewModel(query: query)
        viewModel = try await withCatalogProvider(location) { provider in
            var loading = viewModel
            await loading.load(from: provider)
            return loading
        }
        // Decoding and indexing a large catalog leave freed pages the process would otherwise
        // keep for as long as it runs; a million parts took a third more memory without this.
        _ = listor_return_free_memory()
        return viewModel
    }

    /// Runs `body` with the catalog provider for `location`; an HTTP client exists only while needed.
    static func withCatalogProvider<T: Sendable>(
        _ location: CatalogLocation,
        _ body: (any DataProvider<TransistorCatalog>) async throws -> T
    ) async throws -> T {
        switch location {
        case .bundled:
            return try await body(TransistorCatalogProviders.bundled())
        case .file(let path):
            return try await body(TransistorCatalogProviders.file(path: path))
        case .url(let url):
            return try await withLiveHTTPTransport { transport in
                try await body(TransistorCatalogProviders.http(url: url, transport: transport))
            }
        }
    }
}
