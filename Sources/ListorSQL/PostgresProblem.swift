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
        return "no connection could be made; check that the server runs and accepts this host, port, user and database"
    }
}
