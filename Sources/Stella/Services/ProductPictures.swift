import Foundation
import ListorKit
import Synchronization

/// Where the store gets its products' pictures, through the shared image pipeline: drawn from
/// the bundled catalogue, or fetched from an image origin (a CDN, the catalogue API's server,
/// another Listor) and kept in the pipeline's memory and disk caches.
///
/// Only pictures the catalogue has are ever fetched, so that the server is no open proxy to its
/// origin: a path is checked against the catalogue (`CatalogueClient.product`) the first time it
/// is asked for, and remembered, so that a remote catalogue is not asked again for every picture.
public struct ProductPictures: Sendable {
    /// One picture of one product, as its path names it: "/stella/images/ST100000/2-large.svg".
    public struct Picture: Sendable, Hashable {
        public var code: String
        public var index: Int
        public var large: Bool

        public var path: String { "/stella/images/\(code)/\(index)-\(large ? "large" : "thumb").svg" }
    }

    public let pipeline: ImagePipeline
    /// Where pictures are fetched from; nil when they are drawn here.
    public let origin: URL?
    private let catalogue: CatalogueClient
    private let checked: CheckedPaths

    /// Pictures of `catalogue`'s products through `pipeline`: drawn here when `origin` is nil
    /// (the pipeline's fetch is then `drawing(from:)`), else fetched from `origin`, which serves
    /// them at the same paths under its own: "https://cdn.example/shop/stella/images/ST100000/1-large.svg".
    public init(catalogue: CatalogueClient, pipeline: ImagePipeline, origin: URL? = nil) {
        self.catalogue = catalogue
        self.pipeline = pipeline
        self.origin = origin
        checked = CheckedPaths(limit: 100_000)
    }

    /// The pipeline's fetch for pictures drawn from `catalogue` on first request.
    public static func drawing(from catalogue: Catalogue) -> ImagePipeline.Fetch {
        { url in
            guard let (code, index, large) = parse(url.path), let product = try? catalogue.product(code: code), index <= product.images.count else {
                throw CatalogueError.unknownPicture(url.path)
            }
            return Array(ProductArtwork.svg(product, index: index, large: large).utf8)
        }
    }

    /// The picture a path names, if the catalogue has it; nil for any other path.
    public func picture(code: String, file: String) async throws -> Picture? {
        guard let (code, index, large) = Self.parse("/stella/images/\(code)/\(file)") else { return nil }
        let picture = Picture(code: code, index: index, large: large)
        if checked.contains(picture.path) { return picture }
        let product: Product
        do { product = try await catalogue.product(code) } catch is CatalogueError { return nil }
        guard index <= product.images.count else { return nil }
        checked.insert(picture.path)
        return picture
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

    /// "/stella/images/ST100000/2-large.svg" → ("ST100000", 2, large); nil for a path of any
    /// other shape. Codes are upper case, as the catalogue has them.
    static func parse(_ path: String) -> (code: String, index: Int, large: Bool)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "stella", parts[2] == "images", parts[4].hasSuffix(".svg"),
              !parts[3].isEmpty, parts[3].count <= 40, parts[3].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        let name = parts[4].dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        guard name.count == 2, let index = Int(name[0]), index >= 1, ["thumb", "large"].contains(name[1]) else { return nil }
        return (parts[3].uppercased(), index, name[1] == "large")
    }
}

/// The picture paths already found in the catalogue; bounded, it starts over when full.
private final class CheckedPaths: Sendable {
    private let paths = Mutex<Set<String>>([])
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }

    func insert(_ path: String) {
        paths.withLock { paths in
            if paths.count >= limit { paths.removeAll() }
            paths.insert(path)
        }
    }
}
