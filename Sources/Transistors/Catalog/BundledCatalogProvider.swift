import Foundation
import ListorKit

/// The catalog that ships with Listor, built into the code (`Resources/catalog.json`).
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
        guard let file = EmbeddedResources.files["catalog.json"] else {
            throw FileError(code: .unreadable, path: "catalog.json", reason: "the bundled catalog is missing from the build")
        }
        return try TransistorCatalogProviders.decode(Data(file.text.utf8))
    }
}
