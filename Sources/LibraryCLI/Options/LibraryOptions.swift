import ArgumentParser
import Foundation
import ListorCommandKit

/// The library's options, the same for `serve` and for every `listor library` command: its
/// database, how long a loan lasts, and the admin token.
package struct LibraryOptions: ParsableArguments {
    package init() {}

    @Option(name: .customLong("library-db"),
            help: ArgumentHelp("The library's database: postgres://user:password@host:5432/database[?sslmode=require] (default: library.sqlite in the data directory).",
                               valueName: "url"))
    var database: String?
    @Option(name: .customLong("library-loan-days"), help: ArgumentHelp("How long a loan lasts before it is overdue (1 to 365; default 14).", valueName: "days"))
    var loanDays: Int?
    @Option(name: [.customLong("library-admin-token"), .customLong("admin-token")],
            help: ArgumentHelp("The token every change to the library needs (Authorization: Bearer …); also $LISTOR_LIBRARY_ADMIN_TOKEN; empty means none.", valueName: "token"))
    var adminToken: String?

    package func validate() throws {
        if let loanDays, !(1...365).contains(loanDays) { throw ValidationError("--library-loan-days: \(loanDays) is outside 1 to 365") }
        do { _ = try LibrarySettings.database(database, dataDirectory: "") } catch { throw ValidationError(error.description) }
    }

    /// The library these options name, its SQLite file in `dataDirectory` unless another database
    /// is named; the admin token may come from `variables`, the command's environment.
    package func settings(dataDirectory: String, server: URL? = nil, variables: [String: String]) throws -> LibrarySettings {
        LibrarySettings(server: server, database: try LibrarySettings.database(database, dataDirectory: dataDirectory),
                        loanPeriod: .seconds((loanDays ?? 14) * 86400),
                        adminToken: LibrarySettings.adminToken(option: adminToken, environment: variables))
    }
}
