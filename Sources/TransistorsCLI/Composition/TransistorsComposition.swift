import CListorMemory
import Foundation
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import Transistors

/// Builds Transistor Listor's catalog provider from where the catalog is: bundled, a file, or a URL.
package enum TransistorsComposition {
    /// The list view model over the catalog at `locations`. A catalog of files has an index file
    /// in `indexDirectory`, named by the files' paths: a sound one is mapped and the catalog not
    /// read; otherwise (none yet, a changed catalog, another version, damage, which alone is
    /// reported through `warn`) the catalog is read, the list answers from it, and the index is
    /// written for the next time.
    package static func loadedList(_ locations: [CatalogLocation], query: TransistorQuery = TransistorQuery(), indexDirectory: String?,
                           rebuildingIndex: Bool = false, warn: (String) -> Void = { _ in }) async throws -> TransistorListViewModel {
        let paths = locations.compactMap { location -> String? in
            if case .file(let path) = location { URL(fileURLWithPath: path).standardizedFileURL.path } else { nil }
        }
        guard let indexDirectory, !paths.isEmpty, paths.count == locations.count else { return try await loadedList(locations, query: query) }
        let indexPath = "\(indexDirectory)/" + Array(paths.joined(separator: "\n").utf8).withUnsafeBytes { String(ContentHash.of($0), radix: 16) } + ".index"
        if !rebuildingIndex {
            do {
                let (index, problems) = try TransistorIndexFile.open(indexPath, catalogPaths: paths)
                return TransistorListViewModel(index: index, problems: problems, query: query)
            } catch where error.kind == .damaged {
                warn("warning: the index file \(indexPath) is damaged (\(error)); it is made again from the catalog\n")
            } catch {}
        }
        // The files as they are before they are read: if one changes while it is read, the
        // index written is stale at once, and made again next time.
        let sources = try? paths.map { path throws(IndexFileError) in try TransistorIndexFile.Source.current(path, hashing: true) }
        let viewModel = try await loadedList(locations, query: query)
        if let sources, let catalog = viewModel.state.value {
            do {
                try TransistorIndexFile.write(catalog, sources: sources, to: indexPath)
            } catch {
                warn("warning: the index file \(indexPath) could not be written: \(error)\n")
            }
        }
        return viewModel
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
