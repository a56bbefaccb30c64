import Foundation
import ListorKit

/// The seed backend's JSON feed, which the original iOS app decodes.
public enum ModbusFeed {
    public static let headerKeys = ["register", "variable_name", "unit", "register_value", "real_value"]
    public static let headerTitles = [
        "register": "Register", "variable_name": "Variable Name", "unit": "Unit",
        "register_value": "Register Value", "real_value": "Real Value",
    ]

    /// `{"date": "2026-11-22 14:05", "header_key": […], "header_value": {…}, "data": […]}`.
    ///
    /// Every field of a row is a string, as the seed's backend sent them: the original app
    /// decodes `data` as `[[String: String]]`, and one number or boolean would make it throw
    /// and show nothing. Stale rows also carry `"stale": "true"`, `"error"` and `"error_date"`,
    /// which it ignores. With `typed` (`?typed=1`), rows with a numeric value carry it exactly
    /// as a JSON number, `"value": 1234.5677`, whatever `decimals` does to `real_value`, and
    /// `"stale"` is a boolean: for clients of this server's own.
    public static func json(_ snapshot: ModbusSnapshot, timeZone: TimeZone = .current, typed: Bool = false) -> JSONValue {
        let rows: [JSONValue] = snapshot.rows.map { row in
            var members: [(String, JSONValue)] = [
                ("register", .string(row.register)), ("register_value", .string(row.registerValue)), ("unit", .string(row.unit)),
                ("variable_name", .string(row.variableName)), ("real_value", .string(row.realValue)),
            ]
            if typed, let number = row.number, number.isFinite { members.append(("value", .number(number))) }
            if let stale = row.stale {
                members += [("stale", typed ? .bool(true) : .string("true")), ("error", .string(stale.error)),
                            ("error_date", .string(dateText(stale.since, timeZone: timeZone)))]
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
