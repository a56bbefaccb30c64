import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

/// What went wrong with PostgreSQL, without postgres-nio's internals.
public enum PostgresProblem {
    /// The server's message, or the connection's failure: "cannot connect to db:5432: Connection refused".
    public static func reason(_ error: any Error, target: String? = nil) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let connection = error.underlying as? NIOConnectionError, let failure = connection.connectionErrors.first,
               let io = failure.error as? IOError {
                return "cannot connect to \(target ?? "\(failure.target)"): \(String(cString: strerror(io.errnoCode)))"
            }
            if let underlying = error.underlying { return "\(underlying)" }
        }
        if let error = error as? PostgresTransactionError, let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError {
            return reason(inner, target: target)
        }
        return "no connection could be made; check that the server runs and accepts this host, port, user and database"
    }

    /// Runs `body` in a transaction of `client`; the body's own error comes out as it was thrown.
    public static func transaction<Result: Sendable>(_ client: PostgresClient, logger: Logger,
                                                     _ body: (PostgresConnection) async throws -> sending Result) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            if let closureError = error.closureError { throw closureError }
            throw error
        }
    }
}
