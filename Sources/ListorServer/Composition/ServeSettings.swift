import Foundation
import Library
import LibraryCLI
import ListorCommandKit
import ListorWeb
import Logging
import StellaCLI
import TransistorsCLI

/// Everything `listor serve` is built from, each option checked and resolved.
struct ServeSettings: Sendable {
    var host: String
    var port: Int
    var logLevel: Logger.Level
    var logFormat: LogFormat
    var dataDirectory: String
    var transistorCatalog: [CatalogLocation]
    var modbus: ModbusSettings
    var library: LibrarySettings
    var libraryAPIPrefix: String
    /// Checking out and in open to all when the library has an admin token.
    var libraryOpenLending: Bool
    /// Where covers of books with an ISBN come from; nil for none.
    var libraryCovers: CoverService?
    var reminders: ReminderSettings
    /// The form key's file, when not the data directory's `form.key`.
    var formKeyFile: String?
    var stella: StellaSettings
    var browser: ServeBrowserSettings
    /// Where the server may connect for addresses that came from outside.
    var reach: OutboundReach
    /// Host names answered besides IP addresses and localhost.
    var publicHosts: [String]
    var limits: ConnectionLimits
    /// A port of its own for `GET /metrics`; nil serves it on the main port.
    var metricsPort: Int?

    /// The addresses the operator named for the server to fetch from: the catalogue API, the
    /// picture origin and the cover service, which the address guard lets through as named.
    var operatorOrigins: [URL] {
        [stella.catalogue, stella.pictureOrigin, libraryCovers?.url(isbn: "0")].compactMap { $0 }
    }

    /// Who may read `/metrics` on the main port: nobody when it has a port of its own, else
    /// those with the admin token when there is one, else anyone.
    var metricsAccess: MetricsAccess {
        if metricsPort != nil { return .none }
        return library.adminToken.map(MetricsAccess.token) ?? .open
    }
}
