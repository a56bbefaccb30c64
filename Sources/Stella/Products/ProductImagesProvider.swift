import Foundation
import ListorKit

/// A product's picture through the shared image pipeline: cached, and fetched once however
/// many views ask at the same time.
public struct ProductImagesProvider: DataProvider {
    public let url: URL
    private let pipeline: ImagePipeline

    /// `path` as the product gives it ("/stella/images/ST100000/1-thumb.svg"), against the store's `origin`.
    public init(origin: URL, path: String, pipeline: ImagePipeline) {
        url = URL(string: path, relativeTo: origin)?.absoluteURL ?? origin
        self.pipeline = pipeline
    }

    public func load() async throws -> [UInt8] {
        try await pipeline.image(for: url)
    }

    /// The pipeline's fetch for images served over `transport`.
    public static func fetch(_ transport: HTTPTransport) -> ImagePipeline.Fetch {
        { url in
            let response = try await transport.get(url, HTTPLimits(timeout: .seconds(15), maximumBodySize: 8 << 20))
            guard (200...299).contains(response.status) else { throw NetworkError.badStatus(url: url, status: response.status) }
            return Array(response.body)
        }
    }
}
