import Foundation
import Hummingbird
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Stella
import Testing

/// Stella's pictures as the server serves them, through the image pipeline: drawn here, or
/// fetched from an origin and kept on disk.
@Suite struct StellaPictureTests {
    let product = Catalogue.bundled.products[7]
    var path: String { "/stella/images/\(product.code)/1" }

    /// A server answering the pictures' paths: the catalogue's own, behind `control`.
    func withOrigin<Value: Sendable>(_ control: OriginControl, _ body: @escaping @Sendable (URL) async throws -> Value) async throws -> Value {
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule()])
        return try await withLoopbackServer(control.guarding(router), body)
    }

    /// Stella with its pictures from `pictures`.
    func withStore(_ pictures: ProductPictures, _ body: @escaping @Sendable (URL) async throws -> Void) async throws {
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [StellaWebModule(catalogue: .bundled(.bundled), pictures: pictures, addresses: AddressGuard(resolver: .unimplemented))])
        try await withLoopbackServer(router, body)
    }

    /// The bundled catalogue's pictures fetched from `origin` over `transport`, as `serve --stella-image-origin` has them.
    func fetched(from origin: URL, _ transport: HTTPTransport, disk: DiskImageCache? = nil) -> ProductPictures {
        ProductPictures(catalogue: .bundled(.bundled), pipeline: ImagePipeline(disk: disk, fetch: ProductImagesProvider.fetch(transport)), origin: origin)
    }

    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("listor-pictures-\(UUID().uuidString)")
    }

    @Test func picturesFromAnOriginAreFetchedOnceAndSurviveARestart() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let origin = OriginControl { $0.hasPrefix("/stella/images/") }
        let expected = ProductArtwork.svg(product, index: 1)
        // 20 requests at once share the client's 8 connections to the store, and wait for one
        // while the first fetch runs: on a machine busy with every other suite that wait can
        // outlast the 10 seconds a connection is otherwise given.
        try await withLiveHTTPTransport(connectTimeout: .seconds(120)) { transport in
            let originURL = try await withOrigin(origin) { originURL in
                let pictures = fetched(from: originURL, transport, disk: try DiskImageCache(directory: directory))
                try await withStore(pictures) { store in
                    let url = try #require(URL(string: path, relativeTo: store))
                    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                        for _ in 0..<20 {
                            group.addTask {
                                let response = try await transport.get(url, HTTPLimits())
                                #expect(response.status == 200)
                                #expect(response.value(of: "content-type") == "image/svg+xml")
                                return String(decoding: response.body, as: UTF8.self)
                            }
                        }
                        return try await group.reduce(into: [String]()) { $0.append($1) }
                    }
                    #expect(bodies == Array(repeating: expected, count: 20))
                    #expect(origin.count(path) == 1, "20 requests, one fetch from the origin")

                    let unknown = try await transport.get(try #require(URL(string: "/stella/images/\(product.code)/9", relativeTo: store)), HTTPLimits())
                    #expect(unknown.status == 404)
                    #expect(origin.total == 1, "a picture the catalogue does not have is not asked of the origin")
                }
                return originURL
            }
            // A restart with the origin gone: the picture comes from the disk, with the same tag,
            // and a cache that asks with it gets a 304.
            let restarted = fetched(from: originURL, .unimplemented, disk: try DiskImageCache(directory: directory))
            try await withStore(restarted) { store in
                let url = try #require(URL(string: path, relativeTo: store))
                let response = try await transport.get(url, HTTPLimits())
                #expect(response.status == 200)
                #expect(String(decoding: response.body, as: UTF8.self) == expected)
                let etag = try #require(response.value(of: "etag"))
                #expect(etag.count == 18, "16 hex digits of the picture's SHA-256, quoted: \(etag)")
                #expect(response.value(of: "cache-control") == "public, max-age=86400")
                let again = try await transport.send(HTTPRequestMessage(method: "GET", url: url, headers: ["If-None-Match": etag]), HTTPLimits())
                #expect(again.status == 304)
                #expect(again.body.isEmpty)
                let other = try await transport.send(HTTPRequestMessage(method: "GET", url: url, headers: ["If-None-Match": "\"0000000000000000\""]), HTTPLimits())
                #expect(other.status == 200)
            }
            let counters = await restarted.pipeline.counters
            #expect(counters.diskHits == 1)
            #expect(counters.fetches == 0)
        }
    }

    @Test func anOriginThatFailsGivesTheFailurePictureAndIsAskedAgain() async throws {
        let origin = OriginControl(.fail) { $0.hasPrefix("/stella/images/") }
        try await withLiveHTTPTransport { transport in
            try await withOrigin(origin) { originURL in
                try await withStore(fetched(from: originURL, transport)) { store in
                    let url = try #require(URL(string: path, relativeTo: store))
                    let failed = try await transport.get(url, HTTPLimits())
                    #expect(failed.status == 502)
                    #expect(failed.value(of: "content-type") == "image/svg+xml")
                    #expect(failed.value(of: "cache-control") == "no-store")
                    #expect(Array(failed.body) == ImageContent.failureSVG)

                    origin.set(.pass)
                    let recovered = try await transport.get(url, HTTPLimits())
                    #expect(recovered.status == 200)
                    #expect(String(decoding: recovered.body, as: UTF8.self) == ProductArtwork.svg(product, index: 1))
                    #expect(origin.count(path) == 2, "a failure is not cached")
                }
            }
        }
    }

    @Test func drawnPicturesAreDrawnOnceAndThePlaceholderIsServed() async throws {
        let pictures = ProductPictures(catalogue: .bundled(.bundled), pipeline: ImagePipeline(fetch: ProductPictures.fetch(drawingFrom: .bundled(.bundled), transport: nil)))
        try await withLiveHTTPTransport { transport in
            try await withStore(pictures) { store in
                for _ in 0..<3 {
                    let response = try await transport.get(try #require(URL(string: path, relativeTo: store)), HTTPLimits())
                    #expect(String(decoding: response.body, as: UTF8.self) == ProductArtwork.svg(product, index: 1))
                }
                let placeholder = try await transport.get(try #require(URL(string: "/stella/images/placeholder.svg", relativeTo: store)), HTTPLimits())
                #expect(placeholder.status == 200)
                #expect(Array(placeholder.body) == ImageContent.placeholderSVG)
                let other = try await transport.get(try #require(URL(string: "/stella/images/\(product.code.uppercased())/2", relativeTo: store)), HTTPLimits())
                #expect(String(decoding: other.body, as: UTF8.self) == ProductArtwork.svg(product, index: 2))
            }
        }
        let counters = await pictures.pipeline.counters
        #expect(counters.fetches == 2, "one drawing per picture")
        #expect(counters.memoryHits == 2)
    }
}
