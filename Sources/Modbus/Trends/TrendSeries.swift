import Foundation
import ListorKit

/// One variable's history over a span, as the API and `listor modbus history` give it: every
/// sample (`step` nil), or one point per step with its minimum, maximum, mean and last value.
public struct TrendSeries: Sendable, Hashable {
    public var variable: TrendVariable
    public var from: Date
    public var to: Date
    /// Seconds per point; nil for every sample.
    public var step: Int?
    public var points: [TrendPoint]

    public init(variable: TrendVariable, from: Date, to: Date, step: Int?, points: [TrendPoint]) {
        self.variable = variable
        self.from = from
        self.to = to
        self.step = step
        self.points = points
    }

    /// "2026-11-23T14:05:09.250Z": times in UTC, to the millisecond.
    public static func timeText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The columns of the CSV and the table: `time,value` for samples, `time,min,max,mean,last,count` for steps.
    public var columns: [String] { step == nil ? ["time", "value"] : ["time", "min", "max", "mean", "last", "count"] }

    /// Each point's cells; empty where the device could not be read.
    public var rows: [[String]] {
        points.map { point in
            let time = Self.timeText(point.time)
            guard step != nil else { return [time, text(point.mean)] }
            return [time, text(point.minimum), text(point.maximum), text(point.mean), text(point.last), String(point.count)]
        }
    }

    /// RFC 4180, lines ending in CRLF, as every CSV Listor writes.
    public var csv: String { CSV.write([columns] + rows) }

    public var json: JSONValue {
        let points: [JSONValue] = points.map { point in
            let time = ("time", JSONValue.string(Self.timeText(point.time)))
            guard step != nil else { return .members([time, ("value", Self.json(point.mean))]) }
            return .members([
                time, ("min", Self.json(point.minimum)), ("max", Self.json(point.maximum)), ("mean", Self.json(point.mean)),
                ("last", Self.json(point.last)), ("count", .number(Double(point.count))),
            ])
        }
        return .members([
            ("register", .string(variable.register)), ("name", .string(variable.name)), ("unit", .string(variable.unit)),
            ("from", .string(Self.timeText(from))), ("to", .string(Self.timeText(to))),
            ("step", step.map { .number(Double($0)) } ?? .null), ("points", .array(points)),
        ])
    }

    /// A number of the series' variable as it is written everywhere; empty for none.
    private func text(_ value: Double?) -> String {
        value.map(variable.text) ?? ""
    }

    private static func json(_ value: Double?) -> JSONValue {
        value.map(JSONValue.number) ?? .null
    }
}
