import Foundation
import ListorKit

/// One variable as the spreadsheet shows it. Every value is a string, as the seed's app
/// decodes them.
public struct ModbusRow: Sendable, Hashable {
    /// "1-2": the variable's registers as the map numbers them.
    public var register: String
    public var variableName: String
    public var unit: String
    /// The raw registers in decimal, "63647-15846"; empty until the first good read.
    public var registerValue: String
    /// The value the registers hold, "0.1128".
    public var realValue: String
    /// Set when the last read of this variable failed: the row shows its last good values.
    public var stale: Staleness?

    public struct Staleness: Sendable, Hashable {
        public var error: String
        public var since: Date
    }

    public init(register: String, variableName: String, unit: String, registerValue: String = "", realValue: String = "", stale: Staleness? = nil) {
        self.register = register
        self.variableName = variableName
        self.unit = unit
        self.registerValue = registerValue
        self.realValue = realValue
        self.stale = stale
    }
}

/// The state of the link to the device, for the page's status line.
public enum ConnectionState: Sendable, Hashable {
    case connecting
    case connected
    /// The last poll failed; the rows are stale.
    case failed(String)
}

/// What the poller last saw: the rows, when, and how the link is.
public struct ModbusSnapshot: Sendable, Hashable {
    public var device: String
    /// When the last poll finished, nil before the first.
    public var updated: Date?
    public var rows: [ModbusRow]
    public var connection: ConnectionState

    public init(device: String, updated: Date? = nil, rows: [ModbusRow], connection: ConnectionState) {
        self.device = device
        self.updated = updated
        self.rows = rows
        self.connection = connection
    }
}

/// The seed backend's JSON feed, which the original iOS app decodes.
public enum ModbusFeed {
    public static let headerKeys = ["register", "variable_name", "unit", "register_value", "real_value"]
    public static let headerTitles = [
        "register": "Register", "variable_name": "Variable Name", "unit": "Unit",
        "register_value": "Register Value", "real_value": "Real Value",
    ]

    /// `{"date": "2026-11-22 14:05", "header_key": […], "header_value": {…}, "data": […]}`.
    /// Stale rows also carry `"stale": true`, `"error"` and `"error_date"`, which the original
    /// app ignores.
    public static func json(_ snapshot: ModbusSnapshot, timeZone: TimeZone = .current) -> JSONValue {
        let rows: [JSONValue] = snapshot.rows.map { row in
            var members: [(String, JSONValue)] = [
                ("register", .string(row.register)), ("register_value", .string(row.registerValue)), ("unit", .string(row.unit)),
                ("variable_name", .string(row.variableName)), ("real_value", .string(row.realValue)),
            ]
            if let stale = row.stale {
                members += [("stale", .bool(true)), ("error", .string(stale.error)), ("error_date", .string(dateText(stale.since, timeZone: timeZone)))]
            }
            return .members(members)
        }
        return .members([
            ("date", .string(snapshot.updated.map { dateText($0, timeZone: timeZone) } ?? "")),
            ("header_key", .array(headerKeys.map(JSONValue.string))),
            ("header_value", .members(headerKeys.map { ($0, .string(headerTitles[$0] ?? $0)) })),
            ("data", .array(rows)),
        ])
    }

    /// "2026-11-22 14:05", as the seed's backend writes dates; "2026-11-22 14:05:09" with `seconds`.
    public static func dateText(_ date: Date, timeZone: TimeZone = .current, seconds: Bool = false) -> String {
        DateText.dateTime(date, timeZone: timeZone, seconds: seconds)
    }
}
