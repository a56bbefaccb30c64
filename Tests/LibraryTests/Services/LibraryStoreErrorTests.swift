import Foundation
import Library
import LibrarySQL
import ListorKit
import ListorSQL
import ListorTestSupport
import PostgresNIO
import Testing

/// The store translates its database's failures into `LibraryStoreError`, naming the database
/// and the reason (`listor library` on PostgreSQL: `LibraryCommandTests`).
@Suite struct LibraryStoreErrorTests {
    @Test func aSQLiteFileThatCannotBeOpenedNamesThePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect {
            try SQLLibraryStore(path: path)
        } throws: { error in
            guard let error = error as? LibraryStoreError else { return false }
            return error.code == .cannotOpen && error.message.hasPrefix("cannot open the library at \(path): ") && error.underlying != nil
        }
    }
}

/// PostgreSQL going away and coming back under a running store: each request meanwhile is
/// refused with the database's own reason rather than queued for a minute and failed with the
/// pool's internals, and the first request after its return is served.
@Suite struct LibraryStoreOutageTests {
    @Test func whileTheDatabaseIsAwayEachRequestSaysWhyAndItIsUsedOnItsReturn() async throws {
        guard let server = PostgresTestServer.url() else { return }
        try await PostgresTestServer.withEmptyDatabaseURL(server) { url in
            let name = try #require(URLComponents(string: url)?.path.dropFirst()).description
            let admin = try PostgresClient.Configuration(url: server)
            func run(_ statement: String) async throws {
                _ = try await PostgresTestServer.withClient(admin) { try await $0.query(PostgresQuery(unsafeSQL: statement), logger: PostgresTestServer.logger) }
            }
            try await ResourceScope.with { scope in
                let store = SQLLibraryStore(database: try await PostgreSQLDatabase.open(at: PostgresURL(url), in: scope))
                try await store.migrate(seeded: true)
                let before = try await store.change()
                // The outage: the database refuses connections, and those it had are ended.
                try await run("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
                try await run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
                for _ in 0..<2 {
                    let refused = await #expect(throws: LibraryStoreError.self) { try await store.change() }
                    #expect(refused?.code == .unreachable, "\(String(describing: refused))")
                    #expect(refused?.message.contains("is not currently accepting connections") == true, "\(String(describing: refused))")
                }
                try await run("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
                #expect(try await store.change() == before)
            }
        }
    }
}
