import ArgumentParser
import Foundation
import Library
import LibraryPostgres
import LibrarySQLite
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// Where `listor serve` keeps the library: a SQLite file in the data directory, or PostgreSQL.
enum LibraryDatabase {
    case sqlite(path: String)
    case postgres(PostgresURL, shown: String)

    init(argument: String?, dataDirectory: String) throws {
        guard let argument, !argument.isEmpty else {
            self = .sqlite(path: dataDirectory + "/library.sqlite")
            return
        }
        do {
            self = .postgres(try PostgresURL(argument), shown: LibraryDatabaseURLError(url: argument, reason: "").shownURL)
        } catch {
            throw ValidationError("--library-db: \(error)")
        }
    }

    /// "the SQLite file …/library.sqlite", "PostgreSQL at postgres://listor:…@db/listor".
    var description: String {
        switch self {
        case .sqlite(let path): "the SQLite file \(path)"
        case .postgres(_, let shown): "PostgreSQL at \(shown)"
        }
    }

    /// What went wrong, without postgres-nio's internals: the server's message, or the
    /// connection's failure.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let connection = error.underlying as? NIOConnectionError, let failure = connection.connectionErrors.first,
               let io = failure.error as? IOError {
                return "cannot connect to \(failure.target): \(String(cString: strerror(io.errnoCode)))"
            }
            if let underlying = error.underlying { return "\(underlying)" }
        }
        return "no connection could be made; check that the server runs and accepts this host, port, user and database"
    }

    /// Runs `body` with the store open (for PostgreSQL, its client running and the schema migrated).
    func withStore<T: Sendable>(_ environment: CommandEnvironment, _ body: @Sendable (any LibraryStore) async throws -> T) async throws -> T {
        switch self {
        case .sqlite(let path):
            let store: SQLiteLibraryStore
            do { store = try SQLiteLibraryStore(path: path) } catch {
                environment.writeError("error: cannot open the library at \(path): \(error)\n")
                throw ExitCode.failure
            }
            return try await body(store)
        case .postgres(let url, let shown):
            do { try await url.checkConnection(logger: Logger(label: "listor.library")) } catch {
                environment.writeError("error: cannot use the library database at \(shown): \(Self.reason(error))\n")
                throw ExitCode.failure
            }
            let client = PostgresClient(configuration: url.clientConfiguration)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                let store = PostgresLibraryStore(client: client)
                do { try await store.migrate() } catch {
                    environment.writeError("error: cannot use the library database at \(shown): \(Self.reason(error))\n")
                    throw ExitCode.failure
                }
                return try await body(store)
            }
        }
    }
}
