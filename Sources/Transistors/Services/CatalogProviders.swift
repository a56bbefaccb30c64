import Foundation
import ListorKit

/// The catalog that ships with Listor, read from the module's bundle.
///
/// The seed's services layer "simulated" retrieval; `latency` keeps that possible for demos
/// of loading states, and defaults to none.
public struct BundledCatalogProvider: DataProvider {
    public let latency: Duration

    public init(latency: Duration = .zero) {
        self.latency = latency
    }

    public func load() async throws -> TransistorCatalog {
        if latency > .zero { try await Task.sleep(for: latency) }
        try Task.checkCancellation()
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
            throw FileError(code: .unreadable, path: "catalog.json", reason: "the bundled catalog is missing from the build")
        }
        return try await FileDataProvider(path: url.path, decode: TransistorCatalogProviders.decode).load()
    }
}

/// The three places a catalog can come from; the composition root picks one.
public enum TransistorCatalogProviders {
    public static func bundled(latency: Duration = .zero) -> BundledCatalogProvider {
        BundledCatalogProvider(latency: latency)
    }

    public static func file(path: String) -> FileDataProvider<TransistorCatalog> {
        FileDataProvider(path: path, decode: decode)
    }

    public static func http(url: URL, transport: HTTPTransport, limits: HTTPLimits = HTTPLimits()) -> HTTPDataProvider<TransistorCatalog> {
        HTTPDataProvider(url: url, transport: transport, limits: limits, decode: decode)
    }

    @Sendable static func decode(_ data: Data) throws -> TransistorCatalog {
        try TransistorCatalogDecoder().decode(data)
    }
}
