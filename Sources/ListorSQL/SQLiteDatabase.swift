import Foundation
import GRDB

/// A store's database in a SQLite file, through GRDB: a pool in WAL mode, so that readers go on
/// while one transaction writes; a busy file is waited for up to five seconds.
///
/// Short reads (`query`: a page, one book) may run on the caller's thread, through read-only connections
/// of their own: a read handed to the pool's queues waits, when the server is busy, once to go
/// there and once more to come back (a one-book read of 0.1 ms took 15 ms under load). Reads of
/// unbounded length go through the queues, so that they never hold one of the few threads that
/// run tasks.
public struct SQLiteDatabase: SQLDatabase {
    public let writer: any DatabaseWriter
    let shortReads: (any DatabaseReader)?
    public var dialect: SQLDialect { .sqlite }
    public var location: String { writer.path }

    /// A store on `writer` (GRDB's `AppDatabase` shape: a test may give an in-memory queue);
    /// short reads through `shortReads` on the caller's thread, when given.
    public init(writer: any DatabaseWriter, shortReads: (any DatabaseReader)? = nil) {
        self.writer = writer
        self.shortReads = shortReads
    }

    /// Opens or creates the file at `path`, with foreign keys enforced, pages read through a
    /// memory map and 16 MB of page cache a connection; `maximumBytes` bounds it, so that a write
    /// past it fails as on a full disk. With `shortReads`, a read-only pool with a connection for
    /// each core (the threads short reads run on) serves them.
    public init(path: String, maximumBytes: Int? = nil, shortReads: Bool = false) throws(StorageError) {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = 268435456; PRAGMA cache_size = -16000")
            if let maximumBytes {
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                // A pragma takes no bound parameters; this is a number computed here, never text from outside.
                try db.execute(sql: "PRAGMA max_page_count = \(max(1, maximumBytes / pageSize))")
            }
        }
        do {
            writer = try DatabasePool(path: path, configuration: configuration)
            guard shortReads else {
                self.shortReads = nil
                return
            }
            var readOnly = configuration
            readOnly.readonly = true
            readOnly.maximumReaderCount = max(readOnly.maximumReaderCount, ProcessInfo.processInfo.activeProcessorCount)
            self.shortReads = try DatabasePool(path: path, configuration: readOnly)
        } catch {
            throw Self.storageError(error)
        }
    }

    public var connections: (read: Int, write: Int) {
        let readers = [writer, shortReads].compactMap { $0 as? DatabasePool }.reduce(0) { $0 + $1.configuration.maximumReaderCount }
        return (max(readers, 1), 1)
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        do { return try await writer.write { db in try body(Connection(db: db)) } } catch { throw Self.translated(error) }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        do { return try await writer.read { db in try body(Connection(db: db)) } } catch { throw Self.translated(error) }
    }

    public func query(_ statement: SQL) async throws -> [SQLRow] {
        guard let shortReads else { return try await read { db in try db.rows(statement) } }
        return try Self.read(shortReads) { db in try db.rows(statement) }
    }

    /// `body` read from `reader` on this thread (GRDB's synchronous read, which an async caller
    /// would not otherwise reach).
    private static func read<T>(_ reader: any DatabaseReader, _ body: (any SQLConnection) throws -> T) throws -> T {
        do { return try reader.read { db in try body(Connection(db: db)) } } catch { throw translated(error) }
    }

    /// Runs the migrations through GRDB's migrator, which remembers them in `grdb_migrations`;
    /// synchronous, for a store opened where it is made.
    public func migrate(_ migrations: [SQLMigration]) throws(StorageError) {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.name) { db in try migration.apply(Connection(db: db)) }
        }
        do { try migrator.migrate(writer) } catch {
            throw Self.storageError(error)
        }
    }

    /// GRDB's error as a `StorageError`; a store's own error passes through.
    static func translated(_ error: any Error) -> any Error {
        (error as? DatabaseError).map(storageError) ?? error
    }

    static func storageError(_ error: any Error) -> StorageError {
        guard let error = error as? DatabaseError else { return error as? StorageError ?? StorageError(.failed, "\(error)", cause: error) }
        let code: StorageError.Code = switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY: .duplicate
        case .SQLITE_CANTOPEN, .SQLITE_NOTADB, .SQLITE_PERM, .SQLITE_READONLY: .unavailable
        default: .failed
        }
        return StorageError(code, error.message ?? "\(error.resultCode)", cause: error)
    }

    /// A GRDB database in its transaction, as the stores see it.
    struct Connection: SQLConnection {
        let db: Database
        var dialect: SQLDialect { .sqlite }

        func rows(_ statement: SQL) throws(StorageError) -> [SQLRow] {
            do {
                let prepared = try prepared(statement)
                let columns = prepared.columnNames
                // Each row read as the statement steps onto it, not copied first.
                let cursor = try Row.fetchCursor(prepared)
                var rows: [SQLRow] = []
                while let row = try cursor.next() {
                    rows.append(SQLRow(columns: columns, values: (0..<columns.count).map { Self.value(row[$0]) }))
                }
                return rows
            } catch {
                throw SQLiteDatabase.storageError(error)
            }
        }

        @discardableResult
        func execute(_ statement: SQL) throws(StorageError) -> Int {
            do {
                try prepared(statement).execute()
                return db.changesCount
            } catch {
                throw SQLiteDatabase.storageError(error)
            }
        }

        func script(_ script: String) throws(StorageError) {
            do { try db.execute(sql: script) } catch { throw SQLiteDatabase.storageError(error) }
        }

        private func prepared(_ statement: SQL) throws -> Statement {
            let (text, values) = statement.rendered(for: .sqlite)
            let prepared = try db.cachedStatement(sql: text)
            try prepared.setArguments(StatementArguments(values.map(Self.databaseValue)))
            return prepared
        }

        static func databaseValue(_ value: SQLValue) -> DatabaseValue {
            switch value {
            case .null: .null
            case .integer(let value): value.databaseValue
            case .real(let value): value.databaseValue
            case .text(let value): value.databaseValue
            case .bool(let value): value.databaseValue
            case .date(let value): value.databaseValue
            case .blob(let value): Data(value).databaseValue
            }
        }

        static func value(_ value: DatabaseValue) -> SQLValue {
            switch value.storage {
            case .null: .null
            case .int64(let value): .integer(value)
            case .double(let value): .real(value)
            case .string(let value): .text(value)
            case .blob(let data): .blob(Array(data))
            }
        }
    }
}
