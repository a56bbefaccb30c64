import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorTestSupport
import ListorWeb
import Prometheus
import Synchronization
import Tagged
import Testing

/// The list's pages are kept as rendered while the library does not change: a page asked again
/// is the same page, and a write from anywhere (this server, another process on the same file)
/// makes the next one new. A page is kept when it is asked a second time, and sent as kept from
/// the third.
@Suite struct LibraryKeptListTests {
    struct Site: Sendable {
        let client: any TestClientProtocol
        /// A second store on the same file: another process, as `listor library add` is.
        let otherProcess: SQLLibraryStore
        let registry: PrometheusCollectorRegistry
        let clock: Clock

        func list(_ uri: String, headers: HTTPFields = [:]) async throws -> String {
            let response = try await client.execute(uri: uri, method: .get, headers: headers)
            #expect(response.status == .ok)
            return String(buffer: response.body)
        }

        /// How many list pages were sent as kept (`hit`) or rendered (`miss`).
        func count(_ result: String) -> Int {
            let line = #"listor_rendered_pages_total{page="library/list",result="\#(result)"} "#
            return registry.emitToString().split(separator: "\n").first { $0.hasPrefix(line) }.flatMap { Int($0.dropFirst(line.count)) } ?? 0
        }
    }

    /// The time the pages are made at, moved by the test.
    final class Clock: Sendable {
        private let time = Mutex(Date())
        var now: Date { time.withLock { $0 } }
        func advance(seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    func withSite(_ test: @escaping @Sendable (Site) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        _ = try await store.insert(BookFields(title: "Dune", author: "Frank Herbert"))
        _ = try await store.insert(BookFields(title: "Emma", author: "Jane Austen"))
        let otherProcess = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        let registry = PrometheusCollectorRegistry()
        let library = LocalLibrary(store: store)
        // The test's own time: a page is kept for the minute it was made in.
        let clock = Clock()
        let module = LibraryWebModule(library: library, covers: BookCovers(library: library), metrics: PrometheusMetricsFactory(registry: registry),
                                      now: { clock.now })
        try await Application(router: try await buildRouter(configuration: WebConfiguration(), modules: [module])).test(.router) { client in
            try await test(Site(client: client, otherProcess: otherProcess, registry: registry, clock: clock))
        }
        withExtendedLifetime(directory) {}
    }

    @Test func aPageAskedAgainIsKeptUntilTheLibraryChangesFromAnyProcess() async throws {
        try await withSite { site in
            let first = try await site.list("/library?search=dune")
            #expect(first.contains(#"<p class="summary" id="summary">1 of 2 books</p>"#))
            #expect(try await site.list("/library?search=dune") == first)
            #expect((site.count("miss"), site.count("hit")) == (2, 0), "asked once before: rendered again, and kept")
            #expect(try await site.list("/library?search=dune") == first)
            #expect((site.count("miss"), site.count("hit")) == (2, 1))

            // Added by another process: the next page shows it.
            _ = try await site.otherProcess.insert(BookFields(title: "Dune Messiah", author: "Frank Herbert"))
            let added = try await site.list("/library?search=dune")
            #expect(added.contains(#"<p class="summary" id="summary">2 of 3 books</p>"#))
            #expect(added.contains("Dune Messiah"))
            #expect(site.count("miss") == 3)

            // Checked out there too: the same query's page says so.
            _ = try await site.otherProcess.checkOut(id: 1, Checkout(borrower: "Ann", date: Date(), due: Date().addingTimeInterval(14 * 86400)), expectedVersion: nil)
            let out = try await site.list("/library?search=dune")
            #expect(out.contains("Checked out by Ann"))
            #expect(!added.contains("Checked out by Ann"))
        }
    }

    @Test func eachQueryPageAndTimeZoneHasItsOwnPage() async throws {
        try await withSite { site in
            // Due at 23:30 UTC: that day in London, the next in Tokyo.
            let due = try #require(ISO8601DateFormatter().date(from: "2026-01-10T23:30:00Z"))
            _ = try await site.otherProcess.checkOut(id: 2, Checkout(borrower: "Bob", date: due.addingTimeInterval(-14 * 86400), due: due), expectedVersion: nil)
            let london = try await site.list("/library?status=overdue", headers: [.cookie: "listor_tz=Europe/London"])
            let tokyo = try await site.list("/library?status=overdue", headers: [.cookie: "listor_tz=Asia/Tokyo"])
            #expect(london.contains("Overdue: Bob, due Jan 10, 2026"))
            #expect(tokyo.contains("Overdue: Bob, due Jan 11, 2026"))
            for _ in 1...2 { #expect(try await site.list("/library?status=overdue", headers: [.cookie: "listor_tz=Asia/Tokyo"]) == tokyo) }

            let all = try await site.list("/library")
            #expect(all.contains("Dune") && all.contains("Emma"))
            let bad = try await site.list("/library?page=x")
            #expect(bad.contains("page: &quot;x&quot; is not a whole number"))
            for _ in 1...2 { #expect(try await site.list("/library?page=x") == bad) }
            #expect(!all.contains("is not a whole number"))
            #expect((site.count("miss"), site.count("hit")) == (6, 2))
        }
    }

    @Test func aPageSaysThingsRelativeToTheMinuteItIsAskedIn() async throws {
        try await withSite { site in
            _ = try await site.otherProcess.checkOut(id: 1, Checkout(borrower: "Ann", date: site.clock.now.addingTimeInterval(-5 * 60 - 10),
                                                                     due: site.clock.now.addingTimeInterval(14 * 86400)), expectedVersion: nil)
            for _ in 1...3 { #expect(try await site.list("/library").contains("Checked out by Ann 5 min ago")) }
            #expect((site.count("miss"), site.count("hit")) == (2, 1))
            site.clock.advance(seconds: 60)
            #expect(try await site.list("/library").contains("Checked out by Ann 6 min ago"), "a new minute, a new page")
            #expect((site.count("miss"), site.count("hit")) == (3, 1))
        }
    }
}
