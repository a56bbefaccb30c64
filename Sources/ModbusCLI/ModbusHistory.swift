import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Modbus

struct ModbusHistory: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print a variable's history as `listor serve` recorded it: every sample, or one line per step.",
        discussion: """
            REGISTER is the variable's registers as the sheet shows them (1-2) or its first register (1). Times are \
            ISO 8601 (2026-11-23T14:05:00Z, or 2026-11-23 14:05 in the local zone), now, or a span ago (90s, 15m, 2h, 7d, 1w); \
            a step is seconds or a span (60, 1m, 1h). Failed reads are empty values.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv
    }

    @Argument(help: ArgumentHelp("The variable's registers.", valueName: "register"))
    var register: String
    @Option(help: ArgumentHelp("The device, by its name in the plant file (default: the one device the history holds).", valueName: "name"))
    var device: String?
    @Option(help: ArgumentHelp("From when (default: an hour before --to).", valueName: "time"))
    var from: String?
    @Option(help: ArgumentHelp("Up to when (default: now).", valueName: "time"))
    var to: String?
    @Option(help: ArgumentHelp("One line per step, with its minimum, maximum, mean, last value and count (default: every sample).", valueName: "step"))
    var step: String?
    @Option(help: "table, json or csv.")
    var format: Format = .table
    @OptionGroup var dataDirectory: DataDirectoryOption
    @OptionGroup var history: ModbusHistoryOption

    func run(in environment: CommandEnvironment) async throws {
        let series: TrendSeries
        do {
            series = try await ModbusComposition.withTrends(in: dataDirectory.directory(in: environment.variables), database: try history.database, device: device) { trends in
                try await trends.series(register: register, from: from, to: to, step: step)
            }
        } catch let error as TrendQueryError {
            if error.kind == .invalid { throw ValidationError("--\(error.description)") }
            environment.writeError("listor: \(error.description)\n")
            throw ExitCode.failure
        } catch let error as TrendStoreError {
            environment.writeError("listor: \(error.description)\n")
            throw ExitCode.failure
        }
        switch format {
        case .json: environment.write(series.json.serialized(pretty: true) + "\n")
        case .csv: environment.write(series.csv)
        case .table:
            let unit = series.variable.unit.isEmpty ? "" : " (\(series.variable.unit))"
            environment.write("\(series.variable.name)\(unit), registers \(series.variable.register): \(series.points.count) \(series.step == nil ? "samples" : "steps of \(series.step ?? 0) s")\n")
            let columns = series.columns.enumerated().map { TextTable.Column(title: $0.element, rightAligned: $0.offset > 0) }
            environment.write(TextTable(columns: columns, rows: series.rows, width: environment.columns).render() + "\n")
        }
    }
}
