import Foundation
import ListorKit

/// The three places a catalog can come from; the composition root picks one.
public enum TransistorCatalogProviders {
    public static func bundled(latency: Duration = .zero) -> BundledCatalogProvider {
        BundledCatalogProvider(latency: latency)
    }

    public static func file(path: String) -> FileDataProvider<TransistorCatalog> {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return FileDataProvider(path: path) { try TransistorCatalogDecoder().decode($0, file: name) }
    }

    public static func http(url: URL, transport: HTTPTransport, limits: HTTPLimits = HTTPLimits()) -> HTTPDataProvider<TransistorCatalog> {
        let name = url.lastPathComponent
        return HTTPDataProvider(url: url, transport: transport, limits: limits) { try TransistorCatalogDecoder().decode($0, file: name) }
    }

    @Sendable static func decode(_ data: Data) throws -> TransistorCatalog {
        try TransistorCatalogDecoder().decode(data)
    }
}
