import Foundation

/// A variable's history drawn as a line chart: the geometry of an SVG that a view writes out.
/// Times run left to right across the span asked for, values bottom to top over "nice" ticks
/// (1, 2 or 5 times a power of ten); the line breaks wherever the device could not be read,
/// and those spans are shaded; with steps, a band shows each step's minimum and maximum.
public struct VariableChart: Sendable, Hashable {
    public struct Tick: Sendable, Hashable {
        /// x for time ticks, y for value ticks, in the chart's units.
        public let position: Double
        public let label: String
    }

    public struct Box: Sendable, Hashable {
        public let x: Double, y: Double, width: Double, height: Double
    }

    public let width: Double
    public let height: Double
    public let plot: Box
    public let timeTicks: [Tick]
    public let valueTicks: [Tick]
    /// The line's runs between gaps, as SVG points ("x,y x,y …").
    public let lines: [String]
    /// Each step's minimum-to-maximum band, as SVG polygon points.
    public let bands: [String]
    /// Spans where the device could not be read.
    public let gaps: [Box]
    /// The span and the value range drawn, for a script that adds points as they arrive.
    public let start: Date, end: Date
    public let lowest: Double, highest: Double

    /// `expectedSpacing`: the seconds between points when nothing is missing (the poll interval,
    /// or the step); points further apart than two and a half of it have a gap between them.
    public init(points: [TrendPoint], from start: Date, to end: Date, expectedSpacing: TimeInterval, timeZone: TimeZone,
                width: Double = 720, height: Double = 280, compact: Bool = false) {
        self.width = width
        self.height = height
        self.start = start
        self.end = end
        let left: Double = compact ? 1 : 64, right: Double = compact ? 1 : 16, top: Double = compact ? 1 : 28, bottom: Double = compact ? 1 : 32
        plot = Box(x: left, y: top, width: width - left - right, height: height - top - bottom)
        let values = points.flatMap { [$0.minimum, $0.maximum, $0.last].compactMap { $0 } }.filter(\.isFinite)
        var low = values.min() ?? 0, high = values.max() ?? 1
        if low == high { (low, high) = (low - max(1, abs(low) * 0.1), high + max(1, abs(high) * 0.1)) }
        let ticks = compact ? [] : Self.niceTicks(low, high)
        lowest = ticks.first.map { min($0, low) } ?? low
        highest = ticks.last.map { max($0, high) } ?? high
        let span = max(end.timeIntervalSince(start), 1)
        let (plot, lowest, highest) = (plot, lowest, highest)
        func x(_ date: Date) -> Double { plot.x + plot.width * min(max(date.timeIntervalSince(start) / span, 0), 1) }
        func y(_ value: Double) -> Double { plot.y + plot.height * (1 - (value - lowest) / (highest - lowest)) }
        func text(_ x: Double, _ y: Double) -> String { "\(Self.rounded(x)),\(Self.rounded(y))" }

        valueTicks = ticks.map { Tick(position: y($0), label: Self.label($0, ticks: ticks)) }
        timeTicks = compact ? [] : Self.timeTicks(start, end, timeZone: timeZone).map { Tick(position: x($0.date), label: $0.label) }

        var lines: [String] = [], bands: [String] = [], gaps: [Box] = []
        var run: [TrendPoint] = []
        var gapStart: Date?
        func flush() {
            guard !run.isEmpty else { return }
            lines.append(run.compactMap { point in point.mean.map { text(x(point.time), y($0)) } }.joined(separator: " "))
            if run.contains(where: { $0.count > 1 }) {
                let upper = run.compactMap { point in point.maximum.map { text(x(point.time), y($0)) } }
                let lower = run.reversed().compactMap { point in point.minimum.map { text(x(point.time), y($0)) } }
                bands.append((upper + lower).joined(separator: " "))
            }
            run = []
        }
        var previous: Date?
        for point in points where point.time >= start && point.time <= end {
            if point.isGap || point.mean == nil {
                flush()
                if gapStart == nil { gapStart = previous ?? point.time }
                continue
            }
            if let previous, point.time.timeIntervalSince(previous) > expectedSpacing * 2.5 {
                flush()
                if gapStart == nil { gapStart = previous }
            }
            if let began = gapStart {
                gaps.append(Box(x: x(began), y: plot.y, width: max(1, x(point.time) - x(began)), height: plot.height))
                gapStart = nil
            }
            run.append(point)
            previous = point.time
        }
        flush()
        if let began = gapStart, let last = points.last(where: { $0.time <= end })?.time {
            gaps.append(Box(x: x(began), y: plot.y, width: max(1, x(last) - x(began)), height: plot.height))
        }
        self.lines = lines.filter { !$0.isEmpty }
        self.bands = bands
        self.gaps = gaps
    }

    static func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    /// About five ticks at 1, 2 or 5 times a power of ten that cover `low` to `high`.
    static func niceTicks(_ low: Double, _ high: Double) -> [Double] {
        let raw = (high - low) / 5
        let power = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].first { $0 * power >= raw }.map { $0 * power } ?? 10 * power
        let first = (low / step).rounded(.down) * step
        var ticks: [Double] = []
        var value = first
        while value <= high + step * 0.999, ticks.count < 12 {
            ticks.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return ticks
    }

    /// A tick's value with as many decimals as the ticks' step needs.
    static func label(_ value: Double, ticks: [Double]) -> String {
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        let decimals = max(0, -Int(log10(step).rounded(.down)))
        return String(format: "%.\(decimals)f", value)
    }

    /// Ticks at round times in the reader's zone: every minute over 5 minutes, 10 minutes over an
    /// hour, 3 hours over a day, midnight over a week.
    static func timeTicks(_ start: Date, _ end: Date, timeZone: TimeZone) -> [(date: Date, label: String)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let span = end.timeIntervalSince(start)
        let (unit, every): (Calendar.Component, Int) = span <= 600 ? (.minute, 1) : span <= 7200 ? (.minute, 10) : span <= 2 * 86_400 ? (.hour, 3) : (.day, 1)
        var date = calendar.dateInterval(of: unit == .day ? .day : (unit == .hour ? .hour : .minute), for: start)?.start ?? start
        var ticks: [(Date, String)] = []
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        while date <= end, ticks.count < 16 {
            let parts = calendar.dateComponents([.hour, .minute, .day, .weekday], from: date)
            let aligned = unit == .minute ? (parts.minute ?? 0) % every == 0 : unit == .hour ? (parts.hour ?? 0) % every == 0 : true
            if date >= start, aligned {
                let label = unit == .day
                    ? "\(calendar.shortWeekdaySymbols[(parts.weekday ?? 1) - 1]) \(parts.day ?? 0)"
                    : "\(two(parts.hour ?? 0)):\(two(parts.minute ?? 0))"
                ticks.append((date, label))
            }
            guard let next = calendar.date(byAdding: unit, value: 1, to: date) else { break }
            date = next
        }
        return ticks
    }
}
