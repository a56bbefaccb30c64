import Logging
import PostgresNIO

/// Migrations by name, in order: each runs once, in the transaction of the first node to start
/// after it was added, and is recorded in `listor_migrations`; nodes starting together take
/// turns on an advisory lock. The library and the Modbus history record theirs in the one table
/// under names of their own, so that they may share a database.
public struct PostgresMigrator: Sendable {
    /// One change to the schema or its data.
    public struct Migration: Sendable {
        public let name: String
        public let apply: @Sendable (_ connection: PostgresConnection, _ logger: Logger) async throws -> Void

        public init(name: String, apply: @escaping @Sendable (_ connection: PostgresConnection, _ logger: Logger) async throws -> Void) {
            self.name = name
            self.apply = apply
        }

        /// A migration that runs `statements`.
        public static func statements(_ name: String, _ statements: [PostgresQuery]) -> Migration {
            Migration(name: name) { connection, logger in
                for statement in statements { try await connection.query(statement, logger: logger) }
            }
        }
    }

    /// An arbitrary constant naming Listor's migration lock.
    static let lock: Int64 = 0x4C69_7374_6F72

    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Runs, on `connection` in its transaction, the migrations not yet recorded there.
    public func migrate(on connection: PostgresConnection, logger: Logger) async throws {
        // One migrator at a time across nodes: a lock held until the transaction ends.
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lock))", logger: logger)
        try await connection.query("CREATE TABLE IF NOT EXISTS listor_migrations (name TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL)", logger: logger)
        var applied: Set<String> = []
        for try await name in try await connection.query("SELECT name FROM listor_migrations", logger: logger).decode(String.self) {
            applied.insert(name)
        }
        for migration in migrations where !applied.contains(migration.name) {
            try await migration.apply(connection, logger)
            try await connection.query("INSERT INTO listor_migrations (name, applied) VALUES (\(migration.name), now())", logger: logger)
        }
    }
}
