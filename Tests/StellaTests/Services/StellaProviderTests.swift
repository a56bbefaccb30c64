import Foundation
import Hummingbird
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Stella
import Testing

/// Stella's providers against the catalogue API over loopback.
@Suite struct StellaProviderTests {
    func withAPI(_ body: @escaping @Sendable (URL, HTTPTransport) async throws -> Void) async throws {
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule()])
        try await withLoopbackServer(router) { base in
            try await withLiveHTTPTransport { transport in try await body(base, transport) }
        }
    }

    @Test func pagesDecodeSortAndFilterAsTheCatalogueDoes() async throws {
        try await withAPI { base, transport in
            let api = base.appendingPathComponent("stella/api")
            let query = CatalogueQuery(page: 2, perPage: 10, sort: .priceDescending, size: "M", minPrice: Money(minorUnits: 10_000))
            let page = try await ProductsDataProvider(baseURL: api, department: "ready-to-wear", query: query, transport: transport).load()
            #expect(page == (try Catalogue.bundled.page(department: "ready-to-wear", query)), "decoded exactly, money in minor units")
            #expect(page.products.count == 10)
            #expect(page.products.map(\.price) == page.products.map(\.price).sorted(by: >))

            let filtered = CatalogueQuery(perPage: 100, sort: .newest, colour: "navy", maxPrice: Money(minorUnits: 20_050))
            let navy = try await ProductsDataProvider(baseURL: api, department: "accessories", query: filtered, transport: transport).load()
            #expect(navy == (try Catalogue.bundled.page(department: "accessories", filtered)))
            #expect(!navy.products.isEmpty)
            #expect(navy.products.allSatisfy { $0.price.minorUnits <= 20_050 })

            let code = try #require(page.products.first?.code)
            #expect(try await ProductDetailProvider(baseURL: api, code: code, transport: transport).load() == (try Catalogue.bundled.product(code: code)))
        }
    }

    @Test func badParametersAndUnknownThingsAreErrorsThatSayWhy() async throws {
        try await withAPI { base, transport in
            let bad = try await transport.get(base.appendingPathComponent("stella/api/departments/beauty/products").appending(queryItems: [URLQueryItem(name: "per_page", value: "1000"), URLQueryItem(name: "sort", value: "cheap")]), HTTPLimits())
            #expect(bad.status == 400)
            #expect(String(decoding: bad.body, as: UTF8.self)
                == #"{"error":"per_page: \"1000\" is not a whole number from 1 to 100; sort: \"cheap\" is not one of relevance, price-asc, price-desc, newest"}"#)
            await #expect { try await ProductsDataProvider(baseURL: base.appendingPathComponent("stella/api"), department: "shoes", query: CatalogueQuery(), transport: transport).load() } throws: { error in
                (error as? NetworkError)?.description.hasSuffix("the server answered 404 Not Found") == true
            }
        }
    }

    @Test func picturesComeThroughThePipelineOnce() async throws {
        try await withAPI { base, transport in
            let product = try #require(Catalogue.bundled.products.first)
            let pipeline = ImagePipeline(fetch: ProductImagesProvider.fetch(transport))
            let providers = (0..<20).map { _ in ProductImagesProvider(origin: base, path: product.pictures[0].source, pipeline: pipeline) }
            let images = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for provider in providers { group.addTask { try await provider.load() } }
                return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
            }
            #expect(Set(images).count == 1)
            #expect(String(decoding: images[0], as: UTF8.self) == ProductArtwork.svg(product, index: 1))
            #expect(await pipeline.counters.fetches == 1)
            let missing = ProductImagesProvider(origin: base, path: "/stella/images/\(product.code)/9", pipeline: pipeline)
            await #expect(throws: NetworkError.self) { try await missing.load() }
        }
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheTaskAbandonsTheRequest() async throws {
        // The server holds the products request, so only cancellation can end the load.
        let origin = OriginControl(.hold) { $0.hasSuffix("/products") }
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule()])
        try await withLoopbackServer(origin.guarding(router)) { base in
            try await withLiveHTTPTransport { transport in
                let provider = ProductsDataProvider(baseURL: base.appendingPathComponent("stella/api"), department: "beauty",
                                                    query: CatalogueQuery(), transport: transport)
                let load = Task { try await provider.load() }
                var arrivals = origin.arrivals.makeAsyncIterator()
                #expect(await arrivals.next() == "/stella/api/departments/beauty/products", "the request reached the server, which holds it")
                load.cancel()
                await #expect(throws: CancellationError.self) { try await load.value }
                origin.set(.pass)
                #expect(origin.total == 1)
            }
        }
    }
}
