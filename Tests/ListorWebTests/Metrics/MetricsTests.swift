import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorKit
import ListorTestSupport
import ListorWeb
import Logging
import Prometheus
import Testing

/// `GET /metrics` over real HTTP on loopback, from one Prometheus registry that the web server,
/// the library's store and the covers' pipeline all count into.
@Suite struct MetricsTests {
    func withServer(access: MetricsAccess, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let registry = PrometheusCollectorRegistry()
        let factory = PrometheusMetricsFactory(registry: registry)
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false, metrics: factory)
        let dune = try await store.insert(BookFields(title: "Dune", author: "Frank Herbert"))
        _ = try await store.insert(BookFields(title: "Emma", author: "Jane Austen"))
        // An uploaded cover, so that its sizes are made by the covers' pipeline.
        let picture = try TestImages.jpeg(TestImages.cover(background: RGBColor(red: 20, green: 40, blue: 90), band: RGBColor(red: 240, green: 200, blue: 60)))
        _ = try await store.setCover(try CoverUpload.checked(picture).get(), of: dune.id)
        let library = LocalLibrary(store: store)
        let metrics = WebMetrics(factory: factory, exposition: { registry.emitToBuffer() })
        let router = try await buildRouter(configuration: WebConfiguration(metrics: metrics, metricsAccess: access),
                                           modules: [LibraryWebModule(library: library, covers: BookCovers(library: library, metrics: factory))])
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live, test)
        withExtendedLifetime(directory) {}
    }

    @Test func requestsByRoutePatternAndStatusTheirTimesTheDatabaseAndThePictures() async throws {
        try await withServer(access: .open) { client in
            for path in ["/library/books/1", "/library/books/2", "/library/books/99", "/library/covers/1", "/library/covers/1", "/no/such/page"] {
                _ = try await client.execute(uri: path, method: .get)
            }
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(buffer: response.body)
            #expect(text.contains(#"listor_http_requests_total{route="/library/books/{id}",method="GET",status="200"} 2"#), "by pattern, not by path")
            #expect(text.contains(#"listor_http_requests_total{route="/library/books/{id}",method="GET",status="404"} 1"#))
            #expect(text.contains(#"listor_http_request_duration_seconds_count{route="/library/books/{id}",method="GET"} 3"#))
            #expect(text.contains("# TYPE listor_http_request_duration_seconds histogram"))
            #expect(!text.contains("/no/such/page"), "an unknown path makes no series of its own")
            #expect(text.contains(#"listor_image_requests_total{pipeline="covers",result="miss"} 1"#))
            #expect(text.contains(#"listor_image_requests_total{pipeline="covers",result="memory_hit"} 1"#))
            #expect(text.contains(#"listor_image_fetches_total{pipeline="covers"} 1"#))
            #expect(text.contains(#"listor_db_connections_maximum{database="library",access="write"} 1"#))
            #expect(text.contains(#"listor_db_connections_in_use{database="library",access="read"} 0"#), "every read is over")
            #expect(text.contains("listor_http_connections_open"))
        }
    }

    @Test func withTheAdminTokenOnlyItsHolderReadsThem() async throws {
        try await withServer(access: .token("s3cret")) { client in
            let refused = try await client.execute(uri: "/metrics", method: .get)
            #expect(refused.status == .unauthorized)
            #expect(refused.headers[.wwwAuthenticate] == "Bearer")
            let wrong = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer guess"])
            #expect(wrong.status == .unauthorized)
            let allowed = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "bearer s3cret"])
            #expect(allowed.status == .ok)
            #expect(String(buffer: allowed.body).contains("listor_http_requests_total"))
        }
    }

    @Test func onAPortOfTheirOwnTheyAreNotOnTheMainOne() async throws {
        try await withServer(access: .none) { client async throws in
            #expect(try await client.execute(uri: "/metrics", method: .get).status == .notFound)
        }
        let registry = PrometheusCollectorRegistry()
        let metrics = WebMetrics(factory: PrometheusMetricsFactory(registry: registry), exposition: { registry.emitToBuffer() })
        metrics.record(route: "/library", method: "GET", status: 200, duration: .milliseconds(3))
        let app = buildMetricsApplication(host: "127.0.0.1", port: 0, metrics: metrics, logger: Logger(label: "test"))
        try await app.test(.live) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(String(buffer: response.body).contains(#"listor_http_requests_total{route="/library",method="GET",status="200"} 1"#))
            #expect(try await client.execute(uri: "/library", method: .get).status == .notFound)
        }
    }
}
