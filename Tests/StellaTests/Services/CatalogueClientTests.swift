import Foundation
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Stella
import Testing

/// The catalogue client's two implementations answer alike: the bundled catalogue in memory,
/// and a catalogue API (Listor's own, over loopback) through the seed's providers.
@Suite struct CatalogueClientTests {
    func withLiveClient(_ body: @escaping @Sendable (CatalogueClient) async throws -> Void) async throws {
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule()])
        try await withLoopbackServer(router) { base in
            try await withLiveHTTPTransport { transport in try await body(.live(baseURL: base.appendingPathComponent("stella/api"), transport: transport)) }
        }
    }

    @Test func theLiveCatalogueAnswersAsTheBundledOne() async throws {
        let bundled = CatalogueClient.bundled(.bundled)
        try await withLiveClient { live in
            #expect(try await live.departments() == (try await bundled.departments()))
            let query = CatalogueQuery(page: 2, perPage: 7, sort: .newest, colour: "Navy")
            #expect(try await live.page("accessories", query) == (try await bundled.page("accessories", query)))
            let search = CatalogueQuery(perPage: 10, text: "silk", size: "M")
            #expect(try await live.page(nil, search) == (try await bundled.page(nil, search)), "a search of the whole store, facets and all")
            let code = try #require(Catalogue.bundled.products.last?.code)
            #expect(try await live.product(code) == (try await bundled.product(code)))
            let list = try await ProductListViewModel.load(department: "beauty", query: CatalogueQuery(), from: live)
            #expect(list.department?.name == "Beauty" && list.position.hasPrefix("Page 1 of "))
        }
    }

    @Test func unknownThingsAreTheCataloguesErrorsFromEither() async throws {
        try await withLiveClient { live in
            for client in [live, CatalogueClient.bundled(.bundled)] {
                await #expect(throws: CatalogueError.unknownDepartment("shoes", known: Catalogue.bundled.departments.map(\.id))) { try await client.page("shoes", CatalogueQuery()) }
                await #expect(throws: CatalogueError.unknownProduct("NOPE")) { try await client.product("NOPE") }
                await #expect(throws: CatalogueError.unknownDepartment("shoes", known: Catalogue.bundled.departments.map(\.id))) {
                    try await ProductListViewModel.load(department: "shoes", query: CatalogueQuery(), from: client)
                }
            }
        }
    }

    @Test func anUnsetClientFailsLoudly() async {
        await #expect(throws: CatalogueClientError.self) { try await CatalogueClient.unimplemented.departments() }
    }
}
