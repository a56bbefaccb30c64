import Foundation
import ListorKit
import Synchronization

/// Where the store gets its products' pictures, through the shared image pipeline: drawn here
/// for the bundled catalogue, fetched from the addresses an imported catalogue gives, or from an
/// image origin (a CDN, the catalogue API's server) that has them at the store's own paths; kept
/// in the pipeline's memory and disk caches.
///
/// Pages name a picture by its product and place, "/stella/images/linen-shirt/2". Only pictures
/// the catalogue has are ever fetched, so that the server is no open proxy: the path is looked
/// up in the catalogue (`CatalogueClient.product`), and what it found is remembered for a
/// minute, so that a remote catalogue is not asked again for every picture.
public struct ProductPictures: Sendable {
    /// One picture of one product, and where it comes from.
    public struct Picture: Sendable, Hashable {
        public var code: String
        /// From 1.
        public var index: Int
        /// The catalogue's address for it: an http(s) URL, or the store's own path when drawn here.
        public var source: String

        public var path: String { ProductPictures.path(code: code, index: index) }
    }

    public let pipeline: ImagePipeline
    /// Where pictures are fetched from at the store's paths; nil to draw or fetch them by their sources.
    public let origin: URL?
    private let catalogue: CatalogueClient
    private let found: FoundPictures

    public init(catalogue: CatalogueClient, pipeline: ImagePipeline, origin: URL? = nil) {
        self.catalogue = catalogue
        self.pipeline = pipeline
        self.origin = origin
        found = FoundPictures(limit: 100_000)
    }

    /// "/stella/images/linen-shirt/2": where pages show picture `index` of the product.
    public static func path(code: String, index: Int) -> String {
        "/stella/images/\(code)/\(index)"
    }

    /// The pipeline's fetch: a store path is drawn from the product `catalogue` has, an http(s)
    /// address fetched over `transport` (nil: none is).
    public static func fetch(drawingFrom catalogue: CatalogueClient, transport: HTTPTransport?) -> ImagePipeline.Fetch {
        { url in
            guard url.scheme == nil else {
                guard let transport else { throw CatalogueError.unknownPicture(url.absoluteString) }
                return try await ProductImagesProvider.fetch(transport)(url)
            }
            guard let (code, index) = parse(url.path), let product = try? await catalogue.product(code), index <= product.pictures.count else {
                throw CatalogueError.unknownPicture(url.path)
            }
            return Array(ProductArtwork.svg(product, index: index).utf8)
        }
    }

    /// The picture a path names, if the catalogue has it; nil for any other path.
    public func picture(code: String, index: String) async throws -> Picture? {
        guard let (code, index) = Self.parse("/stella/images/\(code)/\(index)") else { return nil }
        let path = Self.path(code: code, index: index)
        if let source = found.source(of: path) { return Picture(code: code, index: index, source: source) }
        let product: Product
        do { product = try await catalogue.product(code) } catch is CatalogueError { return nil }
        guard index <= product.pictures.count else { return nil }
        let source = product.pictures[index - 1].source
        found.insert(path, source)
        return Picture(code: code, index: index, source: source)
    }

    /// The picture's bytes, or the failure picture with the reason; cancellation still throws.
    public func content(of picture: Picture) async throws -> ImageContent {
        try await pipeline.content(for: url(of: picture))
    }

    /// The pipeline's key: the store path under the origin ("https://cdn.example/shop" +
    /// "/stella/images/…"), else the catalogue's source: a URL, or the bare path when drawn here.
    func url(of picture: Picture) -> URL {
        if let origin {
            var base = origin.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            return URL(string: base + picture.path) ?? URL(fileURLWithPath: picture.path)
        }
        return URL(string: picture.source) ?? URL(fileURLWithPath: picture.path)
    }

    /// "/stella/images/linen-shirt/2" → ("linen-shirt", 2); nil for a path of any other shape.
    static func parse(_ path: String) -> (code: String, index: Int)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "stella", parts[2] == "images", !parts[3].isEmpty, parts[3].count <= 255,
              parts[3].unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }),
              let index = Int(digits: parts[4]), (1...250).contains(index) else { return nil }
        return (parts[3].lowercased(), index)
    }
}

/// The sources of the pictures found in the catalogue in the last minute; bounded, it starts
/// over when full.
private final class FoundPictures: Sendable {
    private let sources = Mutex<[String: (source: String, found: ContinuousClock.Instant)]>([:])
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func source(of path: String) -> String? {
        sources.withLock { sources in
            guard let entry = sources[path], ContinuousClock.now - entry.found < .seconds(60) else { return nil }
            return entry.source
        }
    }

    func insert(_ path: String, _ source: String) {
        sources.withLock { sources in
            if sources.count >= limit { sources.removeAll() }
            sources[path] = (source, ContinuousClock.now)
        }
    }
}
