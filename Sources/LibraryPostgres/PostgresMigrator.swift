import Library
import Logging
import PostgresNIO
import Tagged

/// The library's migrations in PostgreSQL, by name, in order: each runs once, in the
/// transaction of the first node to start after it was added, and is recorded in
/// `listor_migrations`; nodes starting together take turns on an advisory lock.
enum PostgresMigrator {
    /// One change to the schema or its data.
    struct Migration: Sendable {
        let name: String
        let apply: @Sendable (_ connection: PostgresConnection, _ seeded: Bool, _ logger: Logger) async throws -> Void

        /// A migration that runs `statements`.
        static func statements(_ name: String, _ statements: [PostgresQuery]) -> Migration {
            Migration(name: name) { connection, _, logger in
                for statement in statements { try await connection.query(statement, logger: logger) }
            }
        }
    }

    static let migrations: [Migration] = [
        .statements("books and loans", PostgresSchema.books),
        .statements("covers", PostgresSchema.covers),
        .statements("cover colours", PostgresSchema.coverColors),
        Migration(name: "search and loan indexes") { connection, _, logger in
            for statement in PostgresSchema.search { try await connection.query(statement, logger: logger) }
            // Words folded in Swift, as every store folds them (`BookSearch`).
            try await reindex(on: connection, logger: logger)
        },
        .statements("open loan count", PostgresSchema.openLoanCount),
        Migration(name: "sample library") { connection, seeded, logger in
            guard seeded else { return }
            for book in SampleLibrary.books { _ = try await PostgresLibraryStore.insert(book, on: connection, logger: logger) }
        },
        // Books found by their ISBN, in both forms, and by who has them now.
        Migration(name: "search by isbn and borrower") { connection, _, logger in try await reindex(on: connection, logger: logger) },
    ]

    /// An arbitrary constant naming Listor's migration lock.
    static let lock: Int64 = 0x4C69_7374_6F72

    /// Runs, on `connection` in its transaction, the migrations not yet recorded there.
    static func migrate(on connection: PostgresConnection, seeded: Bool, logger: Logger) async throws {
        // One migrator at a time across nodes: a lock held until the transaction ends.
        try await connection.query("SELECT pg_advisory_xact_lock(\(lock))", logger: logger)
        try await connection.query("CREATE TABLE IF NOT EXISTS listor_migrations (name TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL)", logger: logger)
        var applied: Set<String> = []
        for try await name in try await connection.query("SELECT name FROM listor_migrations", logger: logger).decode(String.self) {
            applied.insert(name)
        }
        for migration in migrations where !applied.contains(migration.name) {
            try await migration.apply(connection, seeded, logger)
            try await connection.query("INSERT INTO listor_migrations (name, applied) VALUES (\(migration.name), now())", logger: logger)
        }
    }

    /// Every book's search words again, as `BookSearch` makes them now.
    private static func reindex(on connection: PostgresConnection, logger: Logger) async throws {
        var ids: [Int64] = []
        for try await id in try await connection.query("SELECT id FROM books", logger: logger).decode(Int64.self) { ids.append(id) }
        for id in ids {
            _ = try await PostgresLibraryStore.indexed(PostgresLibraryStore.existingBook(id: Book.ID(rawValue: id), on: connection, logger: logger),
                                                       on: connection, logger: logger)
        }
    }
}
