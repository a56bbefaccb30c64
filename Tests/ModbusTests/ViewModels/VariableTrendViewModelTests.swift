import Foundation
import ListorKit
import ListorTestSupport
import Modbus
import ModbusSQL
import Testing

/// A variable's chart and history on known data in a real SQLite history.
@Suite struct VariableTrendViewModelTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_320)  // 2026-11-18 11:12:00 UTC

    /// Flow recorded every second for the last five minutes, at 1 + second/100, but for a
    /// failed read from 100 to 119 seconds ago.
    func viewModel(_ directory: TemporaryDirectory) async throws -> VariableTrendViewModel {
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        try await store.describe([RegisterVariable(name: "Flow Rate", unit: "m3/h", address: 0, count: 2, encoding: ValueEncoding(format: .real4))])
        for ago in (1...300).reversed() {
            try await store.record([TrendSample(variable: "1-2", time: Self.now.addingTimeInterval(-Double(ago)), value: (100..<120).contains(ago) ? nil : 1 + Double(300 - ago) / 100)])
        }
        return VariableTrendViewModel(store: store, pollInterval: .seconds(1), now: { Self.now })
    }

    @Test func theChartShowsTheRangeWithItsFiguresAndGaps() async throws {
        let directory = try TemporaryDirectory()
        let trends = try await viewModel(directory)
        let chart = try await trends.chart(register: "1", range: "5m", timeZone: TimeZone(identifier: "Europe/Paris")!)
        #expect(chart.variable == TrendVariable(register: "1-2", name: "Flow Rate", unit: "m3/h"))
        #expect(chart.minimum == 1)
        #expect(chart.maximum == 3.99)
        #expect(chart.last == 3.99)
        #expect(chart.emptyMessage == nil)
        #expect(chart.chart.lines.count == 2, "the line breaks at the failed reads")
        #expect(chart.chart.gaps.count == 1)
        let gap = try #require(chart.chart.gaps.first)
        let plot = chart.chart.plot
        // From the last good read, 120 s ago, to the next, 99 s ago, of a 300 s span.
        #expect(abs(gap.x - (plot.x + plot.width * 180 / 300)) < 0.5)
        #expect(abs(gap.width - plot.width * 21 / 300) < 0.5)
        // Times in the reader's zone: 11:07 UTC is 12:07 in Paris.
        #expect(chart.chart.timeTicks.map(\.label) == ["12:07", "12:08", "12:09", "12:10", "12:11", "12:12"])
        #expect(chart.chart.valueTicks.map(\.label) == ["1", "2", "3", "4"])
    }

    /// Five minutes of history in an hour's sparkline: it starts where the history does, not
    /// squeezed into the last twelfth of its width; the chart itself keeps its whole hour.
    @Test func aYoungHistorysSparklineStartsWhereItDoes() async throws {
        let directory = try TemporaryDirectory()
        let trends = try await viewModel(directory)
        let sparkline = try await trends.chart(register: "1", range: "1h", compact: true)
        #expect(abs(sparkline.chart.start.timeIntervalSince(Self.now.addingTimeInterval(-300))) < 61, "\(sparkline.chart.start)")
        let chart = try await trends.chart(register: "1", range: "1h")
        #expect(chart.chart.start == Self.now.addingTimeInterval(-3600))
    }

    @Test func anEmptyRangeSaysSo() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        try await store.describe([RegisterVariable(name: "Flow Rate", unit: "m3/h", address: 0, count: 2, encoding: ValueEncoding(format: .real4))])
        let chart = try await VariableTrendViewModel(store: store, pollInterval: .seconds(1), now: { Self.now }).chart(register: "1-2", range: "1w")
        #expect(chart.emptyMessage == "No values in the last week: nothing was read from the device in that time.")
        #expect(chart.chart.lines.isEmpty)
        #expect(chart.last == nil)
    }

    @Test func historyTakesTimesSpansAndStepsAndNamesWhatIsWrong() async throws {
        let directory = try TemporaryDirectory()
        let trends = try await viewModel(directory)
        let series = try await trends.series(register: "1-2", from: "2026-11-18T11:11:00Z", to: "now", step: "30s")
        #expect(series.points.map(\.mean) == [3.545, 3.845])
        #expect(series.csv == "time,min,max,mean,last,count\r\n2026-11-18T11:11:00.000Z,3.4,3.69,3.545,3.69,30\r\n2026-11-18T11:11:30.000Z,3.7,3.99,3.845,3.99,30\r\n")
        let samples = try await trends.series(register: "1", from: "2m", to: nil, step: nil)
        #expect(samples.points.count == 120)
        #expect(samples.points.filter(\.isGap).count == 20)
        #expect(samples.json.serialized(pretty: false).contains(#""points":[{"time":"2026-11-18T11:10:00.000Z","value":2.8},"#))
        #expect(samples.json.serialized(pretty: false).contains(#"{"time":"2026-11-18T11:10:20.000Z","value":null}"#))
        let local = try await trends.series(register: "1", from: "2026-11-18 12:11", to: "2026-11-18 12:11:10", step: nil, timeZone: TimeZone(identifier: "Europe/Paris")!)
        #expect(local.points.count == 10)

        await #expect(throws: TrendQueryError(field: "from", "\"tomorrow\" is not a time: give 2026-11-23T14:05:00Z, 2026-11-23 14:05 (in Europe/Paris), now, or a span ago such as 15m, 2h or 7d")) {
            try await trends.series(register: "1", from: "tomorrow", to: nil, step: nil, timeZone: TimeZone(identifier: "Europe/Paris")!)
        }
        await #expect(throws: TrendQueryError(field: "step", "\"0\" is not a step from 1 second to a week: give seconds (60) or a span (1m, 1h)")) {
            try await trends.series(register: "1", from: nil, to: nil, step: "0")
        }
        await #expect(throws: TrendQueryError(field: "from", "2026-11-18T11:12:00.000Z is not before to, 2026-11-18T11:11:00.000Z")) {
            try await trends.series(register: "1", from: "now", to: "1m", step: nil)
        }
        await #expect(throws: TrendQueryError(field: "step", "1 s over 2 days is more than 100000 points; give a longer step")) {
            try await trends.series(register: "1", from: "2d", to: nil, step: "1")
        }
        // Times and spans past what a history holds are refused, whatever their size; none traps.
        for (field, text, side) in [("from", "99999999999w", "before 1970-01-01"), ("to", "99999999999w", "before 1970-01-01"),
                                    ("from", "15250284w", "before 1970-01-01"), ("from", "1969-12-31T23:59:59Z", "before 1970-01-01")] {
            await #expect(throws: TrendQueryError(field: field, "\"\(text)\" is \(side), outside the times a history holds")) {
                try await trends.series(register: "1", from: field == "from" ? text : nil, to: field == "to" ? text : nil, step: nil)
            }
        }
        for step in ["99999999999999w", "9223372036854775807", "\(Int.max)d"] {
            await #expect(throws: TrendQueryError(field: "step", "\"\(step)\" is not a step from 1 second to a week: give seconds (60) or a span (1m, 1h)")) {
                try await trends.series(register: "1", from: nil, to: nil, step: step)
            }
        }
        await #expect(throws: TrendQueryError(.unknownVariable, field: nil, "no variable at register 7; the map has 1-2")) {
            try await trends.series(register: "7", from: nil, to: nil, step: nil)
        }
        await #expect(throws: TrendQueryError(field: "range", "\"2y\" is not one of 5m, 1h, 1d, 1w")) {
            try await trends.chart(register: "1", range: "2y")
        }
    }
}
