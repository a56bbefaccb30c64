import Foundation
import Library
import LibrarySQL
import ListorCommandKit
import ListorSQL

/// How Prolific Library is built, for `serve` and for every `listor library` command alike:
/// which library (a server's, or the local one in a SQLite file or PostgreSQL), its rules of
/// lending, and the admin token.
package struct LibrarySettings: Sendable {
    package enum Database: Sendable, CustomStringConvertible {
        case sqlite(path: String)
        case postgres(PostgresURL)

        /// "the SQLite file …/library.sqlite", "PostgreSQL at postgres://listor:…@db/listor".
        package var description: String {
            switch self {
            case .sqlite(let path): "the SQLite file \(path)"
            case .postgres(let url): "PostgreSQL at \(url)"
            }
        }
    }

    /// A Prolific-compatible server to use instead of the local library.
    var server: URL?
    /// The local library's database, in `dataDirectory` unless PostgreSQL is named.
    package var database: Database
    /// How long loans last, and the patron categories with rules of their own.
    var policy: CirculationPolicy
    /// The library's postal address, the return address of printed letters.
    package var returnAddress: [String]
    /// What every write needs: on a server this one runs, and sent to a server that guards it.
    package var adminToken: String?

    /// The one rule for the admin token, whatever the command: the option, or else
    /// `$LISTOR_LIBRARY_ADMIN_TOKEN`; empty counts as none.
    static func adminToken(option: String?, environment: [String: String]) -> String? {
        let token = option ?? environment["LISTOR_LIBRARY_ADMIN_TOKEN"]
        return token?.isEmpty == false ? token : nil
    }

    /// The `--library-db` value: nil or empty for the SQLite file in `dataDirectory`.
    static func database(_ argument: String?, dataDirectory: String) throws(CompositionError) -> Database {
        guard let argument, !argument.isEmpty else { return .sqlite(path: dataDirectory + "/library.sqlite") }
        do { return .postgres(try PostgresURL(argument)) } catch { throw CompositionError("--library-db: \(error)") }
    }
}
