import Foundation
import ListorSQL
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL server the tests use: `LISTOR_TEST_POSTGRES_URL`, which `.ci/postgres`
/// prints after starting a throwaway one. Each test gets a database of its own, dropped after.
public enum PostgresTestServer {
    public static let logger = Logger(label: "listor.tests.postgres")

    /// The server's URL; nil (after printing why, or recording a failure under
    /// LISTOR_REQUIRE_EXTERNAL=1) when none is configured.
    public static func url() -> String? {
        if let url = ProcessInfo.processInfo.environment["LISTOR_TEST_POSTGRES_URL"], !url.isEmpty { return url }
        let reason = "the PostgreSQL tests need LISTOR_TEST_POSTGRES_URL; start a server with `export LISTOR_TEST_POSTGRES_URL=$(.ci/postgres)`"
        ExternalComponent.unavailable(reason)
        return nil
    }

    /// Runs `body` with a client of a new, empty database on the server at `url`.
    public static func withDatabase(_ url: String, _ body: @Sendable (PostgresClient) async throws -> Void) async throws {
        try await withEmptyDatabase(url) { configuration in try await withClient(configuration, body) }
    }

    /// Runs `body` with the configuration of a new, empty database on the server at `url`, for
    /// as many clients as it starts (one per web node).
    public static func withEmptyDatabase(_ url: String, _ body: @Sendable (PostgresClient.Configuration) async throws -> Void) async throws {
        try await withNewDatabase(url) { name in
            var configuration = try PostgresClient.Configuration(url: url)
            configuration.database = name
            try await body(configuration)
        }
    }

    /// Runs `body` with the URL of a new, empty database on the server at `url`, for `listor`
    /// commands and `serve` instances.
    public static func withEmptyDatabaseURL(_ url: String, _ body: @Sendable (String) async throws -> Void) async throws {
        try await withNewDatabase(url) { name in
            var components = try #require(URLComponents(string: url))
            components.path = "/" + name
            try await body(try #require(components.string))
        }
    }

    private static func withNewDatabase(_ url: String, _ body: @Sendable (_ name: String) async throws -> Void) async throws {
        let server = try PostgresClient.Configuration(url: url)
        let name = "listor_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        // Database names cannot be bound as parameters; this one is ours: letters, digits and underscores.
        precondition(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        _ = try await withClient(server) { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger) }
        let outcome: Result<Void, any Error>
        do {
            try await body(name)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        _ = try await withClient(server) { try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger) }
        try outcome.get()
    }

    /// Runs `body` with a running client; the client stops afterwards.
    public static func withClient<T: Sendable>(_ configuration: PostgresClient.Configuration, _ body: @Sendable (PostgresClient) async throws -> T) async throws -> T {
        let client = PostgresClient(configuration: configuration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }
}
