import Foundation
import ListorKit
import Modbus

/// What `modbus/sheet.mustache` shows: the spreadsheet of the device's variables, every row
/// present and those the search leaves out hidden, so that the page's script can search
/// without asking the server, and the page can be reloaded without one.
struct ModbusSheetPage: Encodable {
    struct Column: Encodable {
        let key: String
        let title: String
    }

    /// One row, as `modbus/row.mustache` shows it: the first column as the row's header.
    struct Row: Encodable {
        let index: Int
        let first: String
        let cells: [Cell]
        let hidden: Bool
        /// "Stale since 14:05: response timeout …", for stale rows only.
        let stale: String?
        /// The variable's chart: "/modbus/devices/meter-1/variables/1".
        let chartPath: String
        /// Its last hour, when history is kept.
        let sparkline: HTMLFragment?
        let hasTrends: Bool
    }

    struct Cell: Encodable {
        let key: String
        let text: String
    }

    /// The device's name in the plant.
    let title: String
    let device: String
    /// The sheet's own address, where its search goes.
    let path: String
    let interval: String
    let connection: String
    /// connecting, connected or failed: the status line's style.
    let connectionState: String
    /// Set while the trends cannot be written.
    let historyProblem: String?
    /// The alarms raised now.
    let alarms: [String]
    let hasAlarms: Bool
    let updated: String
    let search: String
    let summary: String
    let columns: [Column]
    let rows: HTMLFragment
    let emptyMessage: String?
    let hasEmptyMessage: Bool
    /// Whether the sheet has a column of sparklines.
    let hasTrends: Bool
    /// The live updates of this page: Server-Sent Events.
    let eventsPath: String

    /// The sheet of the device `name`, at `path`; `sparklines`: each variable's last hour by
    /// register, when history is kept.
    init(_ viewModel: RegisterSheetViewModel, name: String, device: String, path: String, interval: Duration, timeZone: TimeZone,
         sparklines: [String: HTMLFragment] = [:], templates: Templates) throws {
        title = name
        self.device = device
        self.path = path
        eventsPath = path + "/events"
        self.interval = Self.intervalText(interval)
        connection = viewModel.connectionText
        connectionState = Self.state(viewModel.snapshot.connection)
        historyProblem = viewModel.historyText(timeZone: timeZone)
        alarms = viewModel.snapshot.alarms.map(\.description)
        hasAlarms = !alarms.isEmpty
        updated = viewModel.updatedText(timeZone: timeZone)
        search = viewModel.search.text
        summary = viewModel.summary
        columns = viewModel.columns.map { Column(key: $0.key, title: $0.title) }
        hasTrends = !sparklines.isEmpty
        rows = try templates.fragment(each: Self.rows(viewModel, path: path, timeZone: timeZone, sparklines: sparklines), as: .modbusRow)
        emptyMessage = viewModel.emptyMessage
        hasEmptyMessage = emptyMessage != nil
    }

    static func rows(_ viewModel: RegisterSheetViewModel, path: String, timeZone: TimeZone, sparklines: [String: HTMLFragment]) -> [Row] {
        viewModel.snapshot.rows.enumerated().map { index, row in
            let cells = zip(viewModel.columns, viewModel.cells(of: row)).map { Cell(key: $0.key, text: $1) }
            let firstRegister = row.register.split(separator: "-").first.map(String.init) ?? row.register
            return Row(index: index, first: cells.first?.text ?? "", cells: Array(cells.dropFirst()),
                       hidden: !viewModel.matches(row), stale: staleText(row, timeZone: timeZone),
                       chartPath: "\(path)/variables/\(firstRegister)", sparkline: sparklines[row.register], hasTrends: !sparklines.isEmpty)
        }
    }

    static func staleText(_ row: ModbusRow, timeZone: TimeZone) -> String? {
        row.stale.map { "Stale since \(ModbusFeed.dateText($0.since, timeZone: timeZone, seconds: true)): \($0.error)" }
    }

    static func state(_ connection: ConnectionState) -> String {
        switch connection {
        case .connecting: "connecting"
        case .connected: "connected"
        case .failed: "failed"
        }
    }

    /// "1 s", "250 ms", "2.5 s".
    static func intervalText(_ interval: Duration) -> String {
        let milliseconds = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }

    /// One update for the page's script: what changed in the status line and every row's cells.
    static func event(_ viewModel: RegisterSheetViewModel, timeZone: TimeZone) -> JSONValue {
        let rows: [JSONValue] = viewModel.snapshot.rows.map { row in
            var members: [(String, JSONValue)] = [("cells", .array(viewModel.cells(of: row).map(JSONValue.string)))]
            if let stale = staleText(row, timeZone: timeZone) { members.append(("stale", .string(stale))) }
            if row.stale == nil, let number = row.number, number.isFinite { members.append(("value", .number(number))) }
            return .members(members)
        }
        return .members([
            ("connection", .string(viewModel.connectionText)),
            ("state", .string(state(viewModel.snapshot.connection))),
            ("updated", .string(viewModel.updatedText(timeZone: timeZone))),
            ("time", viewModel.snapshot.updated.map { .number(($0.timeIntervalSince1970 * 1000).rounded()) } ?? .null),
            ("rows", .array(rows)),
        ])
    }
}
