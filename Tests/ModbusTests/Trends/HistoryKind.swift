import Foundation
import ListorTestSupport
import Modbus
import ListorSQL
import ModbusSQL
import PostgresNIO
import Testing

/// The kinds of plant history one behaviour suite runs against.
enum HistoryKind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// Runs `body` with `open`, which opens the one new, empty history of this kind again each
    /// time it is called (as a restarted process or another node would); a PostgreSQL one only
    /// when a server is configured.
    func withHistory(fullResolution: Duration, retention: Duration,
                     _ body: @Sendable (_ open: @escaping @Sendable () async throws -> any PlantHistory) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            let path = directory.path("modbus-history.sqlite")
            try await body { try SQLPlantHistory(path: path, fullResolution: fullResolution, retention: retention) }
            withExtendedLifetime(directory) {}
        case .postgres:
            guard let url = PostgresTestServer.url() else { return }
            try await PostgresTestServer.withDatabase(url) { client in
                try await body {
                    let store = SQLPlantHistory(database: PostgreSQLDatabase(client: client), fullResolution: fullResolution, retention: retention)
                    try await store.migrate()
                    return store
                }
            }
        }
    }

    /// Runs `body` with two histories on one storage, each with its own connections, as two
    /// `serve` processes have: two pools on one SQLite file, or two clients of one database.
    func withTwoProcesses(fullResolution: Duration, retention: Duration,
                          _ body: @Sendable (any PlantHistory, any PlantHistory) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            try await withHistory(fullResolution: fullResolution, retention: retention) { open in try await body(try await open(), try await open()) }
        case .postgres:
            guard let url = PostgresTestServer.url() else { return }
            try await PostgresTestServer.withEmptyDatabase(url) { configuration in
                try await PostgresTestServer.withClient(configuration) { first in
                    try await PostgresTestServer.withClient(configuration) { second in
                        // Both start at once, as two processes would: the migrations run once.
                        async let one = Self.migrated(SQLPlantHistory(database: PostgreSQLDatabase(client: first), fullResolution: fullResolution, retention: retention))
                        async let two = Self.migrated(SQLPlantHistory(database: PostgreSQLDatabase(client: second), fullResolution: fullResolution, retention: retention))
                        try await body(try await one, try await two)
                    }
                }
            }
        }
    }

    private static func migrated(_ store: SQLPlantHistory) async throws -> SQLPlantHistory {
        try await store.migrate()
        return store
    }
}
