import Foundation
import ListorKit
import Synchronization
import Testing
@testable import Stella

/// Which pictures `ProductPictures` serves, and where it asks for them.
@Suite struct ProductPicturesTests {
    let product = Catalogue.bundled.products[0]

    /// Pictures of the bundled catalogue, drawn here.
    func drawn(_ catalogue: CatalogueClient = .bundled(.bundled), transport: HTTPTransport? = nil) -> ProductPictures {
        ProductPictures(catalogue: catalogue, pipeline: ImagePipeline(fetch: ProductPictures.fetch(drawingFrom: catalogue, transport: transport)))
    }

    @Test func onlyTheCataloguesOwnPicturesArePictures() async throws {
        let pictures = drawn()
        #expect(try await pictures.picture(code: product.code, index: "1")?.path == "/stella/images/\(product.code)/1")
        #expect(try await pictures.picture(code: product.code.uppercased(), index: "3")?.source == product.pictures[2].source)
        for index in ["0", "4", "-1", "1.svg", "x", "99999999999999999999"] {
            #expect(try await pictures.picture(code: product.code, index: index) == nil, "\(index)")
        }
        #expect(try await pictures.picture(code: "st999999", index: "1") == nil)
        #expect(try await pictures.picture(code: "..", index: "1") == nil)
        let drawing = try await pictures.content(of: try #require(try await pictures.picture(code: product.code, index: "2")))
        #expect(drawing == .image(Array(ProductArtwork.svg(product, index: 2).utf8)))
    }

    @Test func aPictureIsCheckedAgainstTheCatalogueOnceAMinute() async throws {
        // Given a catalogue that counts the products asked of it
        let asked = Mutex(0)
        var catalogue = CatalogueClient.bundled(.bundled)
        let product = catalogue.product
        catalogue.product = { code in
            asked.withLock { $0 += 1 }
            return try await product(code)
        }
        let pictures = drawn(catalogue)
        // When one picture is asked for three times, and another once
        for _ in 0..<3 { _ = try await pictures.picture(code: self.product.code, index: "1") }
        _ = try await pictures.picture(code: self.product.code, index: "2")
        // Then the catalogue was asked once for each
        #expect(asked.withLock { $0 } == 2)
    }

    @Test func anImportedCataloguesPicturesAreFetchedFromTheirAddresses() async throws {
        let asked = Mutex<[URL]>([])
        let transport = HTTPTransport { request, _ in
            asked.withLock { $0.append(request.url) }
            return HTTPTransport.Response(status: 200, body: Data([0xFF, 0xD8, 0xFF, 0xE0]))
        }
        let shirt = Product(code: "linen-shirt", name: "Linen shirt", variants: [ProductVariant(sku: "LS", values: [], price: Money(minorUnits: 100), stock: 1)],
                            pictures: [ProductPicture(source: "https://cdn.example.org/shirt.jpg", position: 1, alt: "")])
        let pictures = drawn(.bundled(Catalogue(products: [shirt])), transport: transport)
        let picture = try #require(try await pictures.picture(code: "linen-shirt", index: "1"))
        #expect(try await pictures.content(of: picture) == .image([0xFF, 0xD8, 0xFF, 0xE0]))
        #expect(asked.withLock { $0 } == [URL(string: "https://cdn.example.org/shirt.jpg")!])
    }

    @Test(arguments: [URL(string: "https://cdn.example/shop")!, URL(string: "https://cdn.example/shop/")!])
    func anOriginWithAPathKeepsIt(origin: URL) async throws {
        let asked = Mutex<[URL]>([])
        let transport = HTTPTransport { request, _ in
            asked.withLock { $0.append(request.url) }
            return HTTPTransport.Response(status: 200, body: Data("<svg/>".utf8))
        }
        let pictures = ProductPictures(catalogue: .bundled(.bundled), pipeline: ImagePipeline(fetch: ProductImagesProvider.fetch(transport)),
                                       origin: origin)
        let picture = try #require(try await pictures.picture(code: product.code, index: "1"))
        #expect(try await pictures.content(of: picture) == .image(Array("<svg/>".utf8)))
        #expect(asked.withLock { $0 } == [URL(string: "https://cdn.example/shop/stella/images/\(product.code)/1")])
    }
}
