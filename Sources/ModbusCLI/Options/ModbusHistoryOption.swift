import ArgumentParser
import ListorCommandKit
import ListorSQL

/// `--modbus-history-db`, for `serve` and the commands that read or add to ModbusApp's history.
package struct ModbusHistoryOption: ParsableArguments {
    package init() {}

    @Option(name: .customLong("modbus-history-db"), help: ArgumentHelp(
        "ModbusApp's history and audit log in PostgreSQL, shared by several `serve` processes: postgres://user:password@host:5432/database[?sslmode=require] (default: modbus-history.sqlite in the data directory).",
        valueName: "url"))
    var url: String?

    package func validate() throws {
        _ = try database
    }

    /// The database named, or nil (also for an empty value) for the data directory's file.
    package var database: PostgresURL? {
        get throws {
            guard let url, !url.isEmpty else { return nil }
            do { return try PostgresURL(url) } catch { throw ValidationError("--modbus-history-db: \(error)") }
        }
    }
}
