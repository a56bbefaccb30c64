import Foundation
import ListorKit

/// A variable's trend: its chart over the last 5 minutes, hour, day or week, and its history
/// over any span for the API and `listor modbus history`. Variables are named by their registers
/// as the sheet shows them ("1-2") or by their first register ("1").
public struct VariableTrendViewModel: Sendable {
    /// The most points one answer carries; a longer span needs a step.
    public static let maximumPoints = 100_000

    private let store: any TrendStore
    private let pollInterval: TimeInterval
    private let now: @Sendable () -> Date

    public init(store: any TrendStore, pollInterval: Duration, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        let (seconds, attoseconds) = pollInterval.components
        self.pollInterval = Double(seconds) + Double(attoseconds) / 1e18
        self.now = now
    }

    /// The variables the history holds of the device, in the map's order.
    public func variables() async throws -> [TrendVariable] {
        try await store.variables()
    }

    /// The variable `register` names. Throws `.unknownVariable` naming it.
    public func variable(_ register: String) async throws -> TrendVariable {
        let variables = try await store.variables()
        let wanted = register.trimmed()
        if let exact = variables.first(where: { $0.register == wanted }) { return exact }
        if let first = variables.first(where: { $0.register.split(separator: "-").first.map(String.init) == wanted }) { return first }
        throw TrendQueryError(.unknownVariable, field: nil, "no variable at register \(wanted.isEmpty ? "\"\"" : wanted); the map has \(variables.prefix(6).map(\.register).joined(separator: ", "))\(variables.count > 6 ? ", …" : "")")
    }

    /// The history of `register` from `from` to `to` (default: the last hour up to now), every
    /// sample or one point per `step`. Times are ISO 8601 (`2026-11-23T14:05:00Z`, or without a
    /// zone in `timeZone`), `now`, or a span ago (`90s`, `15m`, `2h`, `7d`, `1w`); a step is
    /// seconds or a span (`60`, `1m`, `1h`).
    public func series(register: String, from: String?, to: String?, step: String?, timeZone: TimeZone = .current) async throws -> TrendSeries {
        let current = now()
        let end = try to.map { try Self.time($0, field: "to", now: current, timeZone: timeZone) } ?? current
        let start = try from.map { try Self.time($0, field: "from", now: current, timeZone: timeZone) } ?? end.addingTimeInterval(-3600)
        guard start < end else {
            throw TrendQueryError(field: "from", "\(TrendSeries.timeText(start)) is not before to, \(TrendSeries.timeText(end))")
        }
        let seconds = try step.map { try Self.seconds($0, field: "step") }
        if let seconds, end.timeIntervalSince(start) / Double(seconds) > Double(Self.maximumPoints) {
            throw TrendQueryError(field: "step", "\(seconds) s over \(Self.spanText(end.timeIntervalSince(start))) is more than \(Self.maximumPoints) points; give a longer step")
        }
        let variable = try await variable(register)
        let points = try await store.points(variable: variable.register, from: start, to: end, step: seconds)
        guard points.count <= Self.maximumPoints else {
            throw TrendQueryError(field: "step", "the span holds \(points.count) samples, more than \(Self.maximumPoints); give a step such as 60")
        }
        return TrendSeries(variable: variable, from: start, to: end, step: seconds, points: points)
    }

    /// The alarms raised and cleared from `from` (a day before `to` unless given) up to `to`
    /// (now), oldest first, at most 1,000; the times as `series` reads them.
    public func alarms(from: String?, to: String?, timeZone: TimeZone = .current) async throws -> [AlarmEvent] {
        let current = now()
        let end = try to.map { try Self.time($0, field: "to", now: current, timeZone: timeZone) } ?? current
        let start = try from.map { try Self.time($0, field: "from", now: current, timeZone: timeZone) } ?? end.addingTimeInterval(-86_400)
        guard start < end else {
            throw TrendQueryError(field: "from", "\(TrendSeries.timeText(start)) is not before to, \(TrendSeries.timeText(end))")
        }
        return try await store.alarms(from: start, to: end, limit: 1000)
    }

    /// What a variable's chart page shows: the chart over `range` up to now, and the range's
    /// minimum, maximum, mean and last value.
    public struct Chart: Sendable {
        public let variable: TrendVariable
        public let range: TrendRange
        public let chart: VariableChart
        /// The same chart drawn for a phone's width, where the wide one's labels would be too small to read.
        public let narrow: VariableChart
        public let minimum: Double?, maximum: Double?, mean: Double?, last: Double?
        /// Set when the range holds no value, saying so.
        public let emptyMessage: String?
    }

    /// `range` is a `TrendRange`'s text ("1h"); nil is the last hour. An unknown one is named.
    public func chart(register: String, range text: String?, timeZone: TimeZone = .current, compact: Bool = false) async throws -> Chart {
        guard let range = text.map({ TrendRange(rawValue: $0) }) ?? .hour else {
            throw TrendQueryError(field: "range", "\"\(text ?? "")\" is not one of \(TrendRange.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let variable = try await variable(register)
        let end = now()
        let start = end.addingTimeInterval(-range.duration)
        let points = try await store.points(variable: variable.register, from: start, to: end, step: range.step)
        let spacing = max(pollInterval, Double(range.step ?? 0))
        // A sparkline of a history younger than its range starts where the history does, rather
        // than squeezing its first minutes into the right edge.
        let sparkStart = points.first { !$0.isGap }.map { max(start, $0.time) } ?? start
        let chart = compact
            ? VariableChart(points: points, from: sparkStart, to: end, expectedSpacing: spacing, timeZone: timeZone, width: 120, height: 24, compact: true)
            : VariableChart(points: points, from: start, to: end, expectedSpacing: spacing, timeZone: timeZone)
        let narrow = compact ? chart : VariableChart(points: points, from: start, to: end, expectedSpacing: spacing, timeZone: timeZone, width: 360, height: 260)
        let counted = points.filter { !$0.isGap }
        let total = counted.reduce(0) { $0 + $1.count }
        // To 12 significant digits: beyond what any register holds, short of the noise of summing in binary.
        let sum = counted.reduce(0) { $0 + ($1.mean ?? 0) * Double($1.count) }
        let mean = total == 0 ? nil : Double(String(format: "%.12g", sum / Double(total)))
        return Chart(
            variable: variable, range: range, chart: chart, narrow: narrow,
            minimum: counted.compactMap(\.minimum).min(), maximum: counted.compactMap(\.maximum).max(), mean: mean,
            last: counted.last?.last,
            emptyMessage: counted.isEmpty ? "No values in the last \(range.title): nothing was read from the device in that time." : nil)
    }

    // MARK: Parsing

    /// The times a history holds: from 1970, where its milliseconds start, to the end of 9999,
    /// the last year ISO 8601's four digits write.
    static let times = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)

    static func time(_ text: String, field: String, now: Date, timeZone: TimeZone) throws -> Date {
        let time = try parsedTime(text, field: field, now: now, timeZone: timeZone)
        guard times.contains(time) else {
            let side = time < times.lowerBound ? "before 1970-01-01" : "after 9999-12-31"
            throw TrendQueryError(field: field, "\"\(text)\" is \(side), outside the times a history holds")
        }
        return time
    }

    private static func parsedTime(_ text: String, field: String, now: Date, timeZone: TimeZone) throws -> Date {
        let trimmed = text.trimmed()
        if trimmed.lowercased() == "now" { return now }
        if let seconds = spanSeconds(trimmed) { return now.addingTimeInterval(-seconds) }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(trimmed) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(trimmed) { return date }
        let local = trimmed.filter { $0 == ":" }.count == 1 ? trimmed + ":00" : trimmed
        if let date = DateText.parse(local, timeZone: timeZone) { return date }
        throw TrendQueryError(field: field, "\"\(text)\" is not a time: give 2026-11-23T14:05:00Z, 2026-11-23 14:05 (in \(timeZone.identifier)), now, or a span ago such as 15m, 2h or 7d")
    }

    static func seconds(_ text: String, field: String) throws -> Int {
        let trimmed = text.trimmed()
        guard let seconds = Int(trimmed).map(Double.init) ?? spanSeconds(trimmed), seconds >= 1, seconds <= 604_800 else {
            throw TrendQueryError(field: field, "\"\(text)\" is not a step from 1 second to a week: give seconds (60) or a span (1m, 1h)")
        }
        return Int(seconds)
    }

    /// "90s", "15m", "2h", "7d", "1w" in seconds; in floating point, so that no count of weeks
    /// overflows (a span past 1970 is refused by the caller).
    static func spanSeconds(_ text: String) -> Double? {
        guard let unit = text.last, let number = Int(text.dropLast()), number >= 0 else { return nil }
        let factor: Double? = switch unit {
        case "s": 1
        case "m": 60
        case "h": 3600
        case "d": 86_400
        case "w": 604_800
        default: nil
        }
        return factor.map { Double(number) * $0 }
    }

    static func spanText(_ seconds: TimeInterval) -> String {
        seconds >= 86_400 ? "\(Int(seconds / 86_400)) days" : seconds >= 3600 ? "\(Int(seconds / 3600)) hours" : "\(Int(seconds)) s"
    }
}
