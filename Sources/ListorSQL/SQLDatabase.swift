/// A store's database, SQLite or PostgreSQL: the store writes each operation once, as a body
/// that runs in one transaction on either.
public protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }
    /// Where the database is, for messages: a file's path, or a URL without its password.
    var location: String { get }

    /// Runs `body` in a transaction that may write; a thrown error rolls it back and comes out as
    /// it was thrown, and the engine's own errors come out as `StorageError`s.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T

    /// Runs `body` on a consistent view of the database, without writing.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T

    /// Runs one statement on its own, outside any transaction, where it waits least: on SQLite on
    /// the caller's thread, on PostgreSQL on a connection of the client with no thread between.
    /// For short reads: one book, a count, a page's rows.
    func query(_ statement: SQL) async throws -> [SQLRow]

    /// How many transactions may read, and write, at once.
    var connections: (read: Int, write: Int) { get }

    /// Runs the `migrations` this database has not run yet, each once, in order, even when several
    /// processes start together.
    func migrate(_ migrations: [SQLMigration]) async throws(StorageError)
}

extension SQLDatabase {
    public func query(_ statement: SQL) async throws -> [SQLRow] {
        try await read { db in try db.rows(statement) }
    }
}
