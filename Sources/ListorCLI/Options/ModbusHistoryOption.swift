import ArgumentParser
import ListorPostgres

/// `--modbus-history-db`, for `serve` and the commands that read or add to ModbusApp's history.
struct ModbusHistoryOption: ParsableArguments {
    @Option(name: .customLong("modbus-history-db"), help: ArgumentHelp(
        "ModbusApp's history and audit log in PostgreSQL, shared by several `serve` processes: postgres://user:password@host:5432/database[?sslmode=require] (default: modbus-history.sqlite in the data directory).",
        valueName: "url"))
    var url: String?

    func validate() throws {
        _ = try database
    }

    /// The database named, or nil (also for an empty value) for the data directory's file.
    var database: PostgresURL? {
        get throws {
            guard let url, !url.isEmpty else { return nil }
            do { return try PostgresURL(url) } catch { throw ValidationError("--modbus-history-db: \(error)") }
        }
    }
}
