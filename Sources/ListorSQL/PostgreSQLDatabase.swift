import Foundation
import ListorKit
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// A store's database in PostgreSQL, through postgres-nio: several `serve` nodes share it. A
/// transaction holds one of the client's connections and runs its body on a thread of
/// `threads`, where each statement waits for the server's answer; the tasks of the program
/// never wait. The `PostgresClient` must be running while the database is used. Through the
/// database's outages requests fail at once, saying why, and it is used again within a second
/// of its return (`PostgresPool`).
///
/// The threads are the process's, started once and never stopped: a pool stopped just after it
/// started could keep one thread waiting for good, and the stop with it.
public struct PostgreSQLDatabase: SQLDatabase {
    let pool: PostgresPool
    public var client: PostgresClient { pool.client }
    public let threads: NIOThreadPool
    public let location: String
    public let logger: Logger
    public var dialect: SQLDialect { .postgres }

    /// An arbitrary constant naming Listor's migration lock.
    static let migrationLock: Int64 = 0x4C69_7374_6F72

    /// Transactions under way at once in this process, on every database: beyond them, one waits
    /// for a thread as for a connection.
    public static let threads: NIOThreadPool = {
        let threads = NIOThreadPool(numberOfThreads: 64)
        threads.start()
        return threads
    }()

    /// The client's connections at most: its default unless told.
    public let maximumConnections: Int

    public init(client: PostgresClient, threads: NIOThreadPool = Self.threads, location: String = "PostgreSQL",
                maximumConnections: Int = PostgresClient.Configuration.Options().maximumConnections, logger: Logger = Logger(label: "listor.postgres")) {
        self.init(pool: PostgresPool(client: client, logger: logger), location: location, maximumConnections: maximumConnections, logger: logger, threads: threads)
    }

    init(pool: PostgresPool, location: String, maximumConnections: Int, logger: Logger, threads: NIOThreadPool = Self.threads) {
        self.pool = pool
        self.maximumConnections = maximumConnections
        self.threads = threads
        self.location = location
        self.logger = logger
    }

    /// The database at `url`, its client running until `scope` ends. A database that cannot be
    /// used fails at once with the reason, where a pool would keep retrying for a minute.
    ///
    /// The process has one client a URL: the apps `serve` runs on one database share its
    /// connections, and the client runs until the last scope using it has ended, even when the
    /// task is cancelled: what is written while a scope closes goes through, on connections that
    /// are still open.
    public static func open(at url: PostgresURL, logger: Logger = Logger(label: "listor.postgres"), in scope: ResourceScope) async throws -> PostgreSQLDatabase {
        let key = "\(url.user):\(url.password ?? "")@\(url.host):\(url.port)/\(url.database ?? "")?\(url.requiresTLS)&\(url.maximumConnections)"
        let pool: PostgresPool
        if let shared = clients.withLock({ clients in clients[key].map { $0.use(); return $0 } }) {
            pool = shared
        } else {
            do { try await url.checkConnection(logger: logger) } catch {
                throw StorageError(.unavailable, PostgresProblem.reason(error, target: url.address), cause: error)
            }
            let made = PostgresClient(configuration: url.clientConfiguration)
            pool = clients.withLock { clients in
                // Another scope may have made one meanwhile.
                if let shared = clients[key] {
                    shared.use()
                    return shared
                }
                let pool = PostgresPool(client: made, running: Task { await made.run() }, url: url, logger: logger)
                clients[key] = pool
                return pool
            }
        }
        scope.onClose {
            let stopping = clients.withLock { clients -> Task<Void, Never>? in
                let stopping = clients[key]?.release()
                if stopping != nil { clients[key] = nil }
                return stopping
            }
            if let stopping {
                stopping.cancel()
                await stopping.value
            }
        }
        return PostgreSQLDatabase(pool: pool, location: url.description, maximumConnections: url.maximumConnections, logger: logger)
    }

    /// The clients running in this process, by URL.
    private static let clients = Mutex<[String: PostgresPool]>([:])

    public var connections: (read: Int, write: Int) { (maximumConnections, maximumConnections) }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await transaction("BEGIN", body)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    public func query(_ statement: SQL) async throws -> [SQLRow] {
        do {
            let logger = logger
            return try await pool.withConnection { connection in
                var rows: [SQLRow] = []
                var columns: [String] = []
                for try await row in try await connection.query(Self.query(statement), logger: logger) {
                    if rows.isEmpty { columns = row.map(\.columnName) }
                    var values: [SQLValue] = []
                    for cell in row { values.append(try Connection.value(cell)) }
                    rows.append(SQLRow(columns: columns, values: values))
                }
                return rows
            }
        } catch {
            throw Self.storageError(error)
        }
    }

    /// Runs the migrations not yet recorded in `listor_migrations`, in one transaction; nodes
    /// starting together take turns on an advisory lock.
    public func migrate(_ migrations: [SQLMigration]) async throws(StorageError) {
        do {
            try await write { connection in
                try connection.execute("SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
                try connection.execute("CREATE TABLE IF NOT EXISTS listor_migrations (name TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL)")
                let applied = Set(try connection.rows("SELECT name FROM listor_migrations").map { try $0[0] as String })
                for migration in migrations where !applied.contains(migration.name) {
                    try migration.apply(connection)
                    try connection.execute("INSERT INTO listor_migrations (name, applied) VALUES (\(migration.name), now())")
                }
            }
        } catch {
            throw Self.storageError(error)
        }
    }

    private func transaction<T: Sendable>(_ begin: String, _ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        let logger = logger
        do {
            return try await pool.withConnection { connection in
                try await threads.runIfActive {
                    let session = Connection(connection: connection, logger: logger)
                    try session.execute(SQL(stringLiteral: begin))
                    do {
                        let result = try body(session)
                        try session.execute("COMMIT")
                        return result
                    } catch {
                        _ = try? session.execute("ROLLBACK")
                        throw error
                    }
                }
            }
        } catch let error as PSQLError {
            throw Self.storageError(error)
        }
    }

    /// postgres-nio's error as a `StorageError`, with the server's message; a store's own error
    /// passes through.
    static func storageError(_ error: any Error) -> StorageError {
        if let error = error as? StorageError { return error }
        guard let error = error as? PSQLError else { return StorageError(.failed, "\(error)", cause: error) }
        guard let message = error.serverInfo?[.message] else { return StorageError(.unavailable, PostgresProblem.reason(error), cause: error) }
        return StorageError(error.serverInfo?[.sqlState] == "23505" ? .duplicate : .failed, message, cause: error)
    }

    /// `statement` as postgres-nio sends it: its text with `$n` placeholders, and its binds.
    static func query(_ statement: SQL) -> PostgresQuery {
        let (text, values) = statement.rendered(for: .postgres)
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: binds.appendNull()
            case .integer(let value): binds.append(value)
            case .real(let value): binds.append(value)
            case .text(let value): binds.append(value)
            case .bool(let value): binds.append(value)
            case .date(let value): binds.append(value)
            case .blob(let value): binds.append(ByteBuffer(bytes: value))
            }
        }
        return PostgresQuery(unsafeSQL: text, binds: binds)
    }

    /// A connection in its transaction, as the stores see it.
    struct Connection: SQLConnection {
        let connection: PostgresConnection
        let logger: Logger
        var dialect: SQLDialect { .postgres }

        func rows(_ statement: SQL) throws(StorageError) -> [SQLRow] {
            let result = try run(statement)
            guard let first = result.rows.first else { return [] }
            let columns = first.map(\.columnName)
            var rows: [SQLRow] = []
            rows.reserveCapacity(result.rows.count)
            for row in result.rows {
                var values: [SQLValue] = []
                for cell in row { values.append(try Self.value(cell)) }
                rows.append(SQLRow(columns: columns, values: values))
            }
            return rows
        }

        @discardableResult
        func execute(_ statement: SQL) throws(StorageError) -> Int {
            try run(statement).metadata.rows ?? 0
        }

        /// postgres-nio sends one statement at a time: the script is cut at each semicolon that
        /// ends a statement, not one in a string, a comment or a `$$` function body.
        func script(_ script: String) throws(StorageError) {
            var statement = "", quote: Character?, comment = false, body = false, previous: Character = " "
            for character in script {
                defer { previous = character }
                if comment {
                    comment = character != "\n"
                    continue
                }
                if character == "-", previous == "-", quote == nil, !body {
                    statement.removeLast()
                    comment = true
                    continue
                }
                statement.append(character)
                if character == "$", previous == "$", quote == nil { body.toggle() }
                if character == "'", !body { quote = quote == nil ? "'" : nil }
                if character == ";", quote == nil, !body {
                    try execute(SQL(stringLiteral: statement))
                    statement = ""
                }
            }
            if !statement.allSatisfy(\.isWhitespace) { try execute(SQL(stringLiteral: statement)) }
        }

        private func run(_ statement: SQL) throws(StorageError) -> PostgresQueryResult {
            do {
                let result: EventLoopFuture<PostgresQueryResult> = connection.query(PostgreSQLDatabase.query(statement), logger: logger)
                return try result.wait()
            } catch {
                throw PostgreSQLDatabase.storageError(error)
            }
        }

        static func value(_ cell: PostgresCell) throws(StorageError) -> SQLValue {
            guard cell.bytes != nil else { return .null }
            do {
                switch cell.dataType {
                case .int2, .int4, .int8, .oid: return .integer(try cell.decode(Int64.self))
                case .float4, .float8: return .real(try cell.decode(Double.self))
                case .numeric: return .real(NSDecimalNumber(decimal: try cell.decode(Decimal.self)).doubleValue)
                case .bool: return .bool(try cell.decode(Bool.self))
                case .timestamptz, .timestamp, .date: return .date(try cell.decode(Date.self))
                case .bytea: return .blob(Array(buffer: try cell.decode(ByteBuffer.self)))
                default: return .text(try cell.decode(String.self))
                }
            } catch {
                throw StorageError(.decoding, "column \(cell.columnName) of type \(cell.dataType) cannot be read: \(error)", cause: error)
            }
        }
    }
}
