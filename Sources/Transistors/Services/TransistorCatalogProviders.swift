import Foundation
import ListorKit

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
