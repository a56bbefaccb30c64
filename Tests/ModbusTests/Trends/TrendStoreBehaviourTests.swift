import Foundation
import ListorTestSupport
import Modbus
import Testing

/// What every plant history does, on a real SQLite file and on a real PostgreSQL server:
/// samples and gaps, steps, thinning, retention, devices, alarms, the audit log of writes, and
/// two processes writing one history.
@Suite struct TrendStoreBehaviourTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_020)  // on a whole minute
    static let flow = RegisterVariable(name: "Flow Rate", unit: "m3/h", address: 0, count: 2, encoding: ValueEncoding(format: .real4))
    static let quality = RegisterVariable(name: "Signal Quality", address: 91, count: 1, encoding: ValueEncoding(format: .integer))

    /// Runs `body` with a new history whose full resolution is an hour and retention two days,
    /// and `open` to open it again.
    func withHistory(_ kind: HistoryKind, _ body: @Sendable (any PlantHistory, _ open: @escaping @Sendable () async throws -> any PlantHistory) async throws -> Void) async throws {
        try await kind.withHistory(fullResolution: .seconds(3600), retention: .seconds(2 * 86_400)) { open in
            try await body(try await open(), open)
        }
    }

    /// A sample a second for `seconds` from `offset`, value = the second; `failing` seconds are failed reads.
    static func record(_ store: any TrendStore, from offset: Int, seconds: Int, failing: Set<Int> = []) async throws {
        try await store.describe([flow, quality])
        for second in offset..<offset + seconds {
            let time = start.addingTimeInterval(Double(second))
            try await store.record([
                TrendSample(variable: "1-2", time: time, value: failing.contains(second) ? nil : Double(second)),
                TrendSample(variable: "92", time: time, value: 61),
            ])
        }
    }

    @Test("a plant's devices share the history, each its own variables and samples", arguments: HistoryKind.allCases)
    func devicesKeepTheirOwnHistory(_ kind: HistoryKind) async throws {
        try await withHistory(kind) { history, _ in
            let meter = history.device("meter-1"), boiler = history.device("boiler")
            try await meter.describe([Self.flow, Self.quality])
            try await boiler.describe([Self.quality])
            try await meter.record([TrendSample(variable: "1-2", time: Self.start, value: 1.5), TrendSample(variable: "92", time: Self.start, value: 60)])
            try await boiler.record([TrendSample(variable: "92", time: Self.start, value: 7), TrendSample(variable: "1-2", time: Self.start, value: 9)])
            #expect(try await boiler.variables().map(\.register) == ["92"])
            #expect(try await meter.variables().map(\.register) == ["1-2", "92"])
            let end = Self.start.addingTimeInterval(1)
            #expect(try await boiler.points(variable: "92", from: Self.start, to: end, step: nil).map(\.last) == [7])
            #expect(try await meter.points(variable: "92", from: Self.start, to: end, step: nil).map(\.last) == [60])
            #expect(try await boiler.points(variable: "1-2", from: Self.start, to: end, step: nil).isEmpty, "boiler has no variable 1-2")
            #expect(try await history.devices() == ["meter-1", "boiler"])
        }
    }

    @Test(arguments: HistoryKind.allCases)
    func samplesComeBackWithTheirGapsAndSurviveARestart(_ kind: HistoryKind) async throws {
        try await withHistory(kind) { history, open in
            try await Self.record(history.device("meter"), from: 0, seconds: 10, failing: [4, 5])
            let reopened = try await open().device("meter")
            #expect(try await reopened.variables() == [TrendVariable(register: "1-2", name: "Flow Rate", unit: "m3/h"),
                                                       TrendVariable(register: "92", name: "Signal Quality", unit: "", decimals: 0)])
            let points = try await reopened.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(10), step: nil)
            #expect(points.map(\.mean) == [0, 1, 2, 3, nil, nil, 6, 7, 8, 9])
            #expect(points.map(\.last) == [0, 1, 2, 3, nil, nil, 6, 7, 8, 9])
            #expect(points.map(\.isGap) == [false, false, false, false, true, true, false, false, false, false])
            #expect(points[3].time == Self.start.addingTimeInterval(3))
            #expect(try await reopened.points(variable: "1-2", from: Self.start.addingTimeInterval(20), to: Self.start.addingTimeInterval(30), step: nil).isEmpty)
            #expect(try await reopened.points(variable: "no-such", from: Self.start, to: Self.start.addingTimeInterval(10), step: nil).isEmpty)
        }
    }

    /// A value that is not a number (a register read as NaN or infinity) is kept as a gap.
    @Test(arguments: HistoryKind.allCases)
    func aValueThatIsNotANumberIsAGap(_ kind: HistoryKind) async throws {
        try await withHistory(kind) { history, _ in
            let store = history.device("meter")
            try await store.describe([Self.flow])
            try await store.record([TrendSample(variable: "1-2", time: Self.start, value: .nan)])
            try await store.record([TrendSample(variable: "1-2", time: Self.start.addingTimeInterval(1), value: -.infinity)])
            try await store.record([TrendSample(variable: "1-2", time: Self.start.addingTimeInterval(2), value: -0.0)])
            let points = try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(3), step: nil)
            #expect(points.map(\.isGap) == [true, true, false])
            // A poll recorded twice (a retry) keeps the later value.
            try await store.record([TrendSample(variable: "1-2", time: Self.start, value: 4)])
            #expect(try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(1), step: nil).map(\.last) == [4])
        }
    }

    @Test(arguments: HistoryKind.allCases)
    func stepsSumUpMinimumMaximumMeanAndLast(_ kind: HistoryKind) async throws {
        try await withHistory(kind) { history, _ in
            let store = history.device("meter")
            try await Self.record(store, from: 0, seconds: 30, failing: Set(10..<20))
            let points = try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(30), step: 10)
            #expect(points.count == 3)
            #expect(points[0] == TrendPoint(time: Self.start, minimum: 0, maximum: 9, mean: 4.5, last: 9, count: 10))
            #expect(points[1].isGap, "a step of failed reads only")
            #expect(points[2] == TrendPoint(time: Self.start.addingTimeInterval(20), minimum: 20, maximum: 29, mean: 24.5, last: 29, count: 10))
        }
    }

    /// Samples older than the full-resolution window become one row a minute; a step over the
    /// line sums both; the retention drops the rest.
    @Test(arguments: HistoryKind.allCases)
    func oldSamplesAreThinnedToMinutesThenDropped(_ kind: HistoryKind) async throws {
        try await withHistory(kind) { history, _ in
            let store = history.device("meter")
            try await Self.record(store, from: 0, seconds: 180)
            // Two hours later: the first three minutes are past the hour of full resolution.
            try await store.thin(now: Self.start.addingTimeInterval(7200))
            let minutes = try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(180), step: nil)
            #expect(minutes.map(\.time) == [0, 60, 120].map { Self.start.addingTimeInterval($0) })
            #expect(minutes.map(\.minimum) == [0, 60, 120])
            #expect(minutes.map(\.maximum) == [59, 119, 179])
            #expect(minutes.map(\.mean) == [29.5, 89.5, 149.5])
            #expect(minutes.map(\.last) == [59, 119, 179])
            #expect(minutes.map(\.count) == [60, 60, 60])
            #expect(try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(180), step: 60) == minutes)
            // A step across the line sums the thinned minutes and the samples after them.
            try await Self.record(store, from: 180, seconds: 60)
            // (Steps count from 1970: this one of four minutes starts a minute after `start`.)
            let straddling = try await store.points(variable: "1-2", from: Self.start.addingTimeInterval(60), to: Self.start.addingTimeInterval(240), step: 240)
            #expect(straddling == [TrendPoint(time: Self.start.addingTimeInterval(60), minimum: 60, maximum: 239, mean: 149.5, last: 239, count: 180)])
            // Thinning again changes nothing.
            try await store.thin(now: Self.start.addingTimeInterval(7200))
            #expect(try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(180), step: nil) == minutes)
            // Past the two days of retention, nothing is left.
            try await store.thin(now: Self.start.addingTimeInterval(3 * 86_400))
            #expect(try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(180), step: nil).isEmpty)
        }
    }

    @Test("alarms are kept by device, oldest first, within the range and the limit", arguments: HistoryKind.allCases)
    func alarmsAreKeptByDevice(_ kind: HistoryKind) async throws {
        try await withHistory(kind) { history, _ in
            let meter = history.device("meter"), boiler = history.device("boiler")
            func alarm(_ device: String, _ second: Double, _ change: AlarmEvent.Change, _ value: Double) -> AlarmEvent {
                AlarmEvent(time: Self.start.addingTimeInterval(second), device: device, register: "1-2", variable: "Flow Rate", unit: "m3/h",
                           kind: .high, change: change, value: value, threshold: 80)
            }
            try await meter.record(alarms: [alarm("meter", 10, .raised, 81.5), alarm("meter", 30, .cleared, 77)], mail: [])
            try await boiler.record(alarms: [alarm("boiler", 20, .raised, 90)], mail: [])
            let end = Self.start.addingTimeInterval(60)
            #expect(try await meter.alarms(from: Self.start, to: end, limit: 10) == [alarm("meter", 10, .raised, 81.5), alarm("meter", 30, .cleared, 77)])
            #expect(try await boiler.alarms(from: Self.start, to: end, limit: 10) == [alarm("boiler", 20, .raised, 90)])
            #expect(try await meter.alarms(from: Self.start.addingTimeInterval(11), to: end, limit: 10).map(\.change) == [.cleared])
            #expect(try await meter.alarms(from: Self.start, to: end, limit: 1).map(\.change) == [.raised])
        }
    }

    @Test("the audit log keeps every device's writes, latest first", arguments: HistoryKind.allCases)
    func theAuditLogKeepsEveryWrite(_ kind: HistoryKind) async throws {
        try await withHistory(kind) { history, open in
            let refused = WriteRecord(time: Self.start, who: "ana", device: "meter", register: "400", variable: "Limit", old: "1", requested: "2",
                                      readBack: nil, answer: "exception 02 (illegal data address)", succeeded: false)
            let written = WriteRecord(time: Self.start.addingTimeInterval(1), who: "admin token (127.0.0.1)", device: "boiler", register: "61-62",
                                      variable: "Set Point", old: nil, requested: "1.5", readBack: "1.5", answer: "written", succeeded: true)
            try await history.record(refused)
            try await open().record(written)
            #expect(try await history.writes(device: nil, limit: 10) == [written, refused])
            #expect(try await history.writes(device: "meter", limit: 10) == [refused])
            #expect(try await history.writes(device: nil, limit: 1) == [written])
            #expect(try await history.writes(device: "pump", limit: 10).isEmpty)
        }
    }

    /// Two `serve` processes, each polling its own line, write one history at once and thin it
    /// at once; either then charts both devices, every sample in its minute once.
    @Test(arguments: HistoryKind.allCases)
    func twoPollersWriteOneHistory(_ kind: HistoryKind) async throws {
        try await kind.withTwoProcesses(fullResolution: .seconds(3600), retention: .seconds(2 * 86_400)) { first, second in
            async let east: Void = Self.record(first.device("east"), from: 0, seconds: 240)
            async let west: Void = Self.record(second.device("west"), from: 0, seconds: 240, failing: [7])
            _ = try await (east, west)
            for history in [first, second] {
                #expect(Set(try await history.devices()) == ["east", "west"])
                let end = Self.start.addingTimeInterval(240)
                #expect(try await history.device("east").points(variable: "1-2", from: Self.start, to: end, step: nil).count == 240)
                #expect(try await history.device("west").points(variable: "1-2", from: Self.start, to: end, step: nil).filter(\.isGap).count == 1)
            }
            async let thinned: Void = first.device("east").thin(now: Self.start.addingTimeInterval(7200))
            async let thinnedToo: Void = second.device("west").thin(now: Self.start.addingTimeInterval(7200))
            _ = try await (thinned, thinnedToo)
            let minutes = try await first.device("west").points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(240), step: nil)
            #expect(minutes.map(\.count) == [59, 60, 60, 60], "each sample folded into its minute once")
            #expect(minutes.dropFirst().map(\.mean) == [89.5, 149.5, 209.5])
            let firstMean = Double((0..<60).filter { $0 != 7 }.reduce(0, +)) / 59
            #expect(abs((minutes.first?.mean ?? 0) - firstMean) < 1e-9)
        }
    }
}
