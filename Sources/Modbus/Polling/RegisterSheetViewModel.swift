import Foundation
import ListorKit

/// The spreadsheet of ModbusApp: the seed's columns from `header_key` with their titles from
/// `header_value`, rows searched over every column (values included, which the seed's
/// "regiter_value" typo kept from ever matching), and what to say when there is nothing to show.
public struct RegisterSheetViewModel: Sendable {
    public struct Column: Sendable, Hashable {
        /// The feed's key, "register_value".
        public let key: String
        /// The title the feed gives it, "Register Value".
        public let title: String
    }

    public let snapshot: ModbusSnapshot
    public let search: SearchQuery
    /// Set while the trends cannot be written.
    public let historyProblem: TrendRecorder.Problem?

    public init(snapshot: ModbusSnapshot, search: String = "", historyProblem: TrendRecorder.Problem? = nil) {
        self.snapshot = snapshot
        self.search = SearchQuery(search)
        self.historyProblem = historyProblem
    }

    /// "The history has not been written since 2026-11-23 14:05:09: … Polling goes on.", while
    /// writes fail; nil while they work.
    public func historyText(timeZone: TimeZone = .current) -> String? {
        historyProblem.map { problem in
            "The history has not been written since \(ModbusFeed.dateText(problem.since, timeZone: timeZone, seconds: true)): \(problem.message). Polling goes on."
        }
    }

    /// The seed's columns with the value beside the name, where a phone shows it without
    /// scrolling sideways (the feed keeps `header_key`'s order for the original app).
    public static let columnKeys = ["register", "variable_name", "real_value", "unit", "register_value"]

    public var columns: [Column] {
        Self.columnKeys.map { Column(key: $0, title: ModbusFeed.headerTitles[$0] ?? $0) }
    }

    /// Where the value is among a row's cells.
    public static var valueColumn: Int { columnKeys.firstIndex(of: "real_value") ?? 0 }

    /// The rows whose cells contain every word of the search, in map order.
    public var rows: [ModbusRow] {
        guard !search.isEmpty else { return snapshot.rows }
        return snapshot.rows.filter(matches)
    }

    /// Whether `row` contains every word of the search in one cell or another.
    public func matches(_ row: ModbusRow) -> Bool {
        search.isEmpty || search.matches(FoldedText(cells(of: row).joined(separator: " ")))
    }

    /// The row's cells in column order.
    public func cells(of row: ModbusRow) -> [String] {
        columns.map { Self.cell(row, $0.key) }
    }

    /// "100 variables", or "12 of 100 variables" while a search narrows them.
    public var summary: String {
        let total = snapshot.rows.count
        let noun = total == 1 ? "variable" : "variables"
        return search.isEmpty ? "\(total) \(noun)" : "\(rows.count) of \(total) \(noun)"
    }

    public static func cell(_ row: ModbusRow, _ key: String) -> String {
        switch key {
        case "register": row.register
        case "variable_name": row.variableName
        case "unit": row.unit
        case "register_value": row.registerValue
        case "real_value": row.realValue
        default: ""
        }
    }

    /// Set when no row is shown, saying why.
    public var emptyMessage: String? {
        guard rows.isEmpty else { return nil }
        if snapshot.rows.isEmpty { return "The register map has no variables." }
        return "No search results"
    }

    /// The link's state as a sentence: "Connected", "Connecting…", or the error, shown to the
    /// user rather than only logged as the seed's app did.
    public var connectionText: String {
        switch snapshot.connection {
        case .connecting: "Connecting to the device…"
        case .connected: "Connected"
        case .failed(let message): "Cannot read the device: \(message)"
        }
    }

    /// "Updated 2026-11-22 14:05:09" (to the second, as values change by the second), or that
    /// nothing has been read yet.
    /// "Updated 2026-11-26 11:25:30"; next to an error, the time of the last good reading, not
    /// of the attempt that failed.
    public func updatedText(timeZone: TimeZone = .current) -> String {
        if case .failed = snapshot.connection {
            return snapshot.lastGood.map { "Last good reading " + ModbusFeed.dateText($0, timeZone: timeZone, seconds: true) } ?? "No good reading yet"
        }
        return snapshot.updated.map { "Updated " + ModbusFeed.dateText($0, timeZone: timeZone, seconds: true) } ?? "Not read yet"
    }
}
