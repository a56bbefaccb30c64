import Foundation
import ListorKit
import Synchronization
import Testing
@testable import Stella

/// Which pictures `ProductPictures` serves, and where it asks for them.
@Suite struct ProductPicturesTests {
    let product = Catalogue.bundled.products[0]

    /// Pictures of the bundled catalogue, drawn here.
    func drawn() -> ProductPictures {
        ProductPictures(catalogue: .bundled(.bundled), pipeline: ImagePipeline(fetch: ProductPictures.drawing(from: .bundled)))
    }

    @Test func onlyTheCataloguesOwnPicturesArePictures() async throws {
        let pictures = drawn()
        #expect(try await pictures.picture(code: product.code, file: "1-large.svg")?.path == product.images[0].large)
        #expect(try await pictures.picture(code: product.code.lowercased(), file: "1-thumb.svg")?.path == product.images[0].thumbnail)
        for file in ["0-large.svg", "\(product.images.count + 1)-large.svg", "1-huge.svg", "1-large.png", "large.svg", "1-large-2.svg"] {
            #expect(try await pictures.picture(code: product.code, file: file) == nil, "\(file)")
        }
        #expect(try await pictures.picture(code: "ST999999", file: "1-large.svg") == nil)
        #expect(try await pictures.picture(code: "../etc", file: "1-large.svg") == nil)
    }

    @Test func aPictureIsCheckedAgainstTheCatalogueOnce() async throws {
        // Given a catalogue that counts the products asked of it
        let asked = Mutex(0)
        var catalogue = CatalogueClient.bundled(.bundled)
        let product = catalogue.product
        catalogue.product = { code in
            asked.withLock { $0 += 1 }
            return try await product(code)
        }
        let pictures = ProductPictures(catalogue: catalogue, pipeline: ImagePipeline(fetch: ProductPictures.drawing(from: .bundled)))
        // When one picture is asked for three times, and another once
        for _ in 0..<3 { _ = try await pictures.picture(code: self.product.code, file: "1-large.svg") }
        _ = try await pictures.picture(code: self.product.code, file: "1-thumb.svg")
        // Then the catalogue was asked once for each
        #expect(asked.withLock { $0 } == 2)
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
        let picture = try #require(try await pictures.picture(code: product.code, file: "1-large.svg"))
        #expect(try await pictures.content(of: picture) == .image(Array("<svg/>".utf8)))
        #expect(asked.withLock { $0 } == [URL(string: "https://cdn.example/shop" + product.images[0].large)])
    }
}
