import Logging

/// Everything `listor serve` is built from, each option checked and resolved.
struct ServeSettings: Sendable {
    var host: String
    var port: Int
    var logLevel: Logger.Level
    var dataDirectory: String
    var transistorCatalog: CatalogLocation
    var modbus: ModbusSettings
    var library: LibrarySettings
    var libraryAPIPrefix: String
    var stella: StellaSettings
}
