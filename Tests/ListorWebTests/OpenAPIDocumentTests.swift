import Foundation
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorKit
import ListorTestSupport
import ListorWeb
import Testing
import Transistors

/// The OpenAPI documents against the router: the server does not start unless every route
/// under an API path is described and every described operation is served, and the documents
/// it serves say where each app's API is.
@Suite struct OpenAPIDocumentTests {
    /// Every app's module, the library's API moved to `libraryPrefix`.
    private func everyModule(libraryPrefix: String = "/library/api", _ body: @escaping @Sendable ([any WebModule]) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let library = LocalLibrary(store: try SQLLibraryStore(path: directory.path("library.sqlite")))
        var transistors = TransistorListViewModel()
        await transistors.load(from: TransistorCatalogProviders.bundled())
        let meter = try await SimulatedMeter()
        try await withBrowserModule { [transistors] browser, _, _ in
            try await body([
                TransistorsWebModule(viewModel: transistors),
                ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor, trends: nil)], timeZone: TimeZone(identifier: "UTC")!),
                LibraryWebModule(library: library, covers: BookCovers(library: library), apiPrefix: libraryPrefix),
                bundledStellaModule(),
                browser,
            ])
        }
        withExtendedLifetime(directory) {}
    }

    private func json(_ response: TestResponse) throws -> JSONValue {
        try JSONParser.parse(Array(response.body.readableBytesView))
    }

    @Test("/openapi.json describes every app's API under its own tag, and each app's document is under its API's prefix")
    func documentsAreServed() async throws {
        try await everyModule(libraryPrefix: "/lending/v1") { modules in
            let router = try await buildRouter(configuration: WebConfiguration(), modules: modules)
            try await Application(router: router).test(.router) { client in
                let all = try json(try await client.execute(uri: "/openapi.json", method: .get))
                guard case .object(let paths)? = all["paths"], case .array(let tags)? = all["tags"] else {
                    Issue.record("no paths or tags in /openapi.json")
                    return
                }
                #expect(tags.compactMap { $0["name"]?.stringValue } == ["transistors", "modbus", "library", "stella", "browser"])
                for path in ["/api/transistors/{part}", "/api/modbus/variables/{register}/history.csv", "/lending/v1/books/{id}/checkin",
                             "/stella/api/departments/{id}/products", "/browser/api/read", "/openapi.json"] {
                    #expect(paths[path] != nil, "\(path) is not in /openapi.json")
                }
                #expect(paths["/library/api/books"] == nil, "the library's paths should follow its prefix")
                // Every reference names a component the merged document has.
                let text = all.serialized(pretty: false)
                let references = Set(text.matches(of: /"\$ref":"#\/components\/([A-Za-z]+)\/([A-Za-z.]+)"/).map { (String($0.1), String($0.2)) }.map { "\($0.0)/\($0.1)" })
                #expect(references.contains("schemas/library.Book"))
                for reference in references {
                    let parts = reference.split(separator: "/").map(String.init)
                    #expect(all["components"]?[parts[0]]?[parts[1]] != nil, "#/components/\(reference) is not in /openapi.json")
                }

                let library = try json(try await client.execute(uri: "/lending/v1/openapi.json", method: .get))
                #expect(library["servers"] == .array([.members([("url", .string("/lending/v1"))])]))
                #expect(library["paths"]?["/books/{id}"]?["put"]?["operationId"]?.stringValue == "updateBook")
                let transistors = try json(try await client.execute(uri: "/api/transistors/openapi.json", method: .get))
                #expect(transistors["paths"]?["/transistors/{part}/substitutes"] != nil)
            }
        }
    }

    @Test("a route under an API path that no document describes keeps the server from starting, and names the route")
    func undescribedRouteIsRefused() async throws {
        let module = RoutesModule(document: ("stella", "/stella/api"), routes: ["/stella/api/departments", "/stella/api/departments/{id}/products",
                                                                                 "/stella/api/products/{code}", "/stella/api/products", "POST /stella/api/orders",
                                                                                 "/stella/api/orders/{key}", "/stella/api/orders", "POST /stella/api/orders/{key}/fulfil",
                                                                                 "POST /stella/api/orders/{key}/cancel", "/stella/api/stock", "POST /stella/api/stock",
                                                                                 "/stella/api/wishlist"])
        let error = await #expect(throws: (any Error).self) { try await buildRouter(configuration: WebConfiguration(), modules: [module]) }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("served but not in an OpenAPI document: GET /stella/api/wishlist"), "\(message)")
        #expect(!message.contains("not served"), "\(message)")
    }

    @Test("a documented operation that no route serves keeps the server from starting, and names the operation")
    func unservedOperationIsRefused() async throws {
        let module = RoutesModule(document: ("stella", "/stella/api"), routes: ["/stella/api/departments", "/stella/api/departments/{id}/products"])
        let error = await #expect(throws: (any Error).self) { try await buildRouter(configuration: WebConfiguration(), modules: [module]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("in an OpenAPI document but not served: GET /stella/api/orders, GET /stella/api/orders/{key}, GET /stella/api/products, GET /stella/api/products/{code}"))
    }
}

/// A module that serves `routes` (GET, or POST for "POST /path") and claims `document` for them.
private struct RoutesModule: WebModule {
    let document: (name: String, server: String)
    let routes: [String]

    var tile: AppTile? { nil }
    var apiPaths: [String] { [document.server] }
    var openAPIDocument: (name: String, server: String)? { document }

    func addRoutes(to router: RouteTable, templates: Templates) throws {
        for route in routes {
            if route.hasPrefix("POST ") { router.post(RouterPath(String(route.dropFirst(5)))) { _, _ in "[]" } } else { router.get(RouterPath(route)) { _, _ in "[]" } }
        }
    }
}
