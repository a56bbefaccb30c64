import ArgumentParser
import Foundation
import ListorHTTPClient
import ListorKit
import Transistors

/// Where `--catalog` points: the bundled catalog, a file, or an HTTP(S) URL.
enum CatalogLocation: Equatable {
    case bundled
    case file(String)
    case url(URL)

    init(argument: String?) throws {
        guard let argument, !argument.isEmpty else {
            self = .bundled
            return
        }
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else {
                throw ValidationError("--catalog: \"\(argument)\" is not a valid URL")
            }
            self = .url(url)
        } else {
            self = .file(argument)
        }
    }
}

/// The command line's composition root: the only place that creates concrete services.
enum CompositionRoot {
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
