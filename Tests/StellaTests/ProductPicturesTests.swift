import Foundation
import ListorKit
import Synchronization
import Testing
@testable import Stella

/// Which pictures `ProductPictures` serves, and where it asks for them.
@Suite struct ProductPicturesTests {
    let product = Catalogue.bundled.products[0]

    @Test func onlyTheCataloguesOwnPicturesArePictures() {
        let pictures = ProductPictures(drawingFrom: .bundled)
        #expect(pictures.picture(code: product.code, file: "1-large.svg")?.path == product.images[0].large)
        #expect(pictures.picture(code: product.code.lowercased(), file: "1-thumb.svg")?.path == product.images[0].thumbnail)
        for file in ["0-large.svg", "\(product.images.count + 1)-large.svg", "1-huge.svg", "1-large.png", "large.svg", "1-large-2.svg"] {
            #expect(pictures.picture(code: product.code, file: file) == nil, "\(file)")
        }
        #expect(pictures.picture(code: "ST999999", file: "1-large.svg") == nil)
    }

    @Test(arguments: ["https://cdn.example/shop", "https://cdn.example/shop/"] as [String])
    func anOriginWithAPathKeepsIt(origin: String) async throws {
        let asked = Mutex<[URL]>([])
        let transport = HTTPTransport { request, _ in
            asked.withLock { $0.append(request.url) }
            return HTTPResponse(status: 200, body: Data("<svg/>".utf8))
        }
        let pictures = ProductPictures(catalogue: .bundled, origin: try #require(URL(string: origin)), transport: transport)
        let picture = try #require(pictures.picture(code: product.code, file: "1-large.svg"))
        #expect(try await pictures.content(of: picture) == .image(Array("<svg/>".utf8)))
        #expect(asked.withLock { $0 } == [URL(string: "https://cdn.example/shop" + product.images[0].large)])
    }
}
