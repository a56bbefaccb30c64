import Foundation
import ListorKit

/// Where the store gets its products' pictures, through the shared image pipeline: drawn from
/// the catalogue, or fetched from an image origin (a CDN, or another Listor) and kept in the
/// pipeline's memory and disk caches.
public struct ProductPictures: Sendable {
    /// One picture of one product, as its path names it: "/stella/images/ST100000/2-large.svg".
    public struct Picture: Sendable, Hashable {
        public var product: Product
        public var index: Int
        public var large: Bool

        public var path: String { "/stella/images/\(product.code)/\(index)-\(large ? "large" : "thumb").svg" }
    }

    public let pipeline: ImagePipeline
    /// Where pictures are fetched from; nil when they are drawn here.
    public let origin: URL?
    private let catalogue: Catalogue

    /// Pictures drawn from `catalogue` on first request, then served from the caches.
    public init(drawingFrom catalogue: Catalogue, memoryLimit: Int = 32 << 20, disk: DiskImageCache? = nil) {
        self.catalogue = catalogue
        origin = nil
        pipeline = ImagePipeline(memoryLimit: memoryLimit, disk: disk) { url in
            guard let picture = Self.picture(at: url.path, in: catalogue) else { throw CatalogueError.unknownPicture(url.path) }
            return Array(ProductArtwork.svg(picture.product, index: picture.index, large: picture.large).utf8)
        }
    }

    /// Pictures of `catalogue`'s products fetched from `origin`, which serves them at the same
    /// paths under its own: "https://cdn.example/shop/stella/images/ST100000/1-large.svg".
    public init(catalogue: Catalogue, origin: URL, transport: HTTPTransport, memoryLimit: Int = 32 << 20, disk: DiskImageCache? = nil) {
        self.catalogue = catalogue
        self.origin = origin
        pipeline = ImagePipeline(memoryLimit: memoryLimit, disk: disk, fetch: ProductImagesProvider.fetch(transport))
    }

    /// The picture a path names, if the catalogue has it; only these are ever fetched, so that
    /// the server is no open proxy to its origin.
    public func picture(code: String, file: String) -> Picture? {
        Self.picture(at: "/stella/images/\(code)/\(file)", in: catalogue)
    }

    /// The picture's bytes, or the failure picture with the reason; cancellation still throws.
    public func content(of picture: Picture) async throws -> ImageContent {
        try await pipeline.content(for: url(of: picture))
    }

    /// The pipeline's key: the picture's path under the origin ("https://cdn.example/shop" +
    /// "/stella/images/…"), or its bare path when drawn here.
    func url(of picture: Picture) -> URL {
        var base = origin?.absoluteString ?? ""
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + picture.path) ?? URL(fileURLWithPath: picture.path)
    }

    /// "/stella/images/ST100000/2-large.svg" → picture 2 of ST100000, large.
    static func picture(at path: String, in catalogue: Catalogue) -> Picture? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "stella", parts[2] == "images", parts[4].hasSuffix(".svg"),
              let product = try? catalogue.product(code: String(parts[3])) else { return nil }
        let name = parts[4].dropLast(4).split(separator: "-")
        guard name.count == 2, let index = Int(name[0]), index >= 1, index <= product.images.count, ["thumb", "large"].contains(name[1]) else {
            return nil
        }
        return Picture(product: product, index: index, large: name[1] == "large")
    }
}
