import Foundation
import Logging
import PostgresNIO

/// `postgres://user:password@host:5432/database?sslmode=disable|require&pool_max_conns=20`,
/// taken apart. `pool_max_conns` is the most connections a node opens (pgx's name for it): 20
/// unless given, and fewer on a small machine that also runs the database, where more
/// connections only make more processes take turns on the same cores.
public struct PostgresURL: Sendable, CustomStringConvertible {
    /// The parameters a URL may carry; any other is refused, so that a misspelt `sslmode` is
    /// never silently a connection without TLS.
    public static let parameters = ["sslmode", "pool_max_conns"]
    public static let defaultMaximumConnections = 20

    /// The URL with its password left out, for messages and logs.
    public let description: String
    public let host: String
    public let port: Int
    public let user: String
    public let password: String?
    public let database: String?
    public let requiresTLS: Bool
    public let maximumConnections: Int

    public init(_ text: String) throws(PostgresURLError) {
        guard let url = URLComponents(string: text), let scheme = url.scheme, ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            throw PostgresURLError(url: text, reason: "it is not a postgres:// URL")
        }
        guard let host = url.host, !host.isEmpty else { throw PostgresURLError(url: text, reason: "it names no host") }
        guard let user = url.user, !user.isEmpty else { throw PostgresURLError(url: text, reason: "it names no user (postgres://user@host/database)") }
        let items = url.queryItems ?? []
        if let unknown = items.first(where: { !Self.parameters.contains($0.name) }) {
            throw PostgresURLError(url: text, reason: "the parameter \(unknown.name) is not one of \(Self.parameters.joined(separator: ", "))")
        }
        let mode = items.first { $0.name == "sslmode" }?.value ?? "disable"
        guard ["disable", "require"].contains(mode) else { throw PostgresURLError(url: text, reason: "sslmode \(mode) is not disable or require") }
        let connections = items.first { $0.name == "pool_max_conns" }.map { $0.value ?? "" }
        if let connections {
            guard let count = Int(connections), (1...1000).contains(count) else {
                throw PostgresURLError(url: text, reason: "pool_max_conns \"\(connections)\" is not a whole number from 1 to 1000")
            }
            maximumConnections = count
        } else {
            maximumConnections = Self.defaultMaximumConnections
        }
        let database = String(url.path.drop { $0 == "/" })
        description = PostgresURLError(url: text, reason: "").shownURL
        self.host = host
        port = url.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = url.password?.removingPercentEncoding
        self.database = database.isEmpty ? nil : database
        requiresTLS = mode == "require"
    }

    /// "db.example:5432", "[::1]:5432": where the server is.
    public var address: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    public var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database,
                                                         tls: requiresTLS ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = min(configuration.options.minimumConnections, maximumConnections)
        return configuration
    }

    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database,
                                         tls: requiresTLS ? .require(try .init(configuration: .makeClientConfiguration())) : .disable)
    }

    /// Opens one connection and closes it: fails at once with the server's reason, where a
    /// pool would keep retrying for a minute.
    public func checkConnection(logger: Logger) async throws {
        let connection = try await PostgresConnection.connect(configuration: try connectionConfiguration(), id: 0, logger: logger)
        try await connection.close()
    }
}

extension PostgresClient.Configuration {
    public init(url text: String) throws(PostgresURLError) {
        self = try PostgresURL(text).clientConfiguration
    }
}
