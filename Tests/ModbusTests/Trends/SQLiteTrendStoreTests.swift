import Foundation
import GRDB
import ListorTestSupport
import Modbus
@testable import ModbusSQLite
import Testing

/// The history on a real SQLite file: samples and gaps, steps, thinning, retention, a restart
/// and a full disk.
@Suite struct SQLiteTrendStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_020)  // on a whole minute
    static let flow = RegisterVariable(name: "Flow Rate", unit: "m3/h", address: 0, count: 2, encoding: ValueEncoding(format: .real4))
    static let quality = RegisterVariable(name: "Signal Quality", address: 91, count: 1, encoding: ValueEncoding(format: .integer))

    func store(_ directory: TemporaryDirectory, maximumBytes: Int? = nil) async throws -> SQLiteTrendStore {
        let store = try SQLiteTrendStore(path: directory.path("modbus-history.sqlite"), fullResolution: .seconds(3600), retention: .seconds(2 * 86_400),
                                         maximumBytes: maximumBytes)
        try await store.describe([Self.flow, Self.quality])
        return store
    }

    /// A sample a second for `seconds` from `offset`, value = the second; `failing` seconds are failed reads.
    func record(_ store: SQLiteTrendStore, from offset: Int, seconds: Int, failing: Set<Int> = []) async throws {
        for second in offset..<offset + seconds {
            let time = Self.start.addingTimeInterval(Double(second))
            try await store.record([
                TrendSample(variable: "1-2", time: time, value: failing.contains(second) ? nil : Double(second)),
                TrendSample(variable: "92", time: time, value: 61),
            ])
        }
    }

    @Test("a plant's devices share the file, each its own variables and samples")
    func devicesKeepTheirOwnHistory() async throws {
        let directory = try TemporaryDirectory()
        let meter = try await store(directory).device("meter-1")
        let boiler = meter.device("boiler")
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
        #expect(try await meter.devices() == [SQLiteTrendStore.defaultDevice, "meter-1", "boiler"])
    }

    @Test("a history from before devices is the lone device's, every sample kept")
    func aHistoryFromBeforeDevicesIsTheLoneDevices() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("modbus-history.sqlite")
        do {
            // The file as the version before kept it.
            let queue = try DatabaseQueue(path: path)
            try SQLiteTrendStore.migrator.migrate(queue, upTo: "samples and minutes")
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO variables (id, register, name, unit, position) VALUES (1, '1-2', 'Flow Rate', 'm3/h', 0)")
                try db.execute(sql: "INSERT INTO samples (variable, time, value) VALUES (1, ?, 2.5)", arguments: [SQLiteTrendStore.milliseconds(Self.start)])
                try db.execute(sql: "INSERT INTO minutes (variable, minute, minimum, maximum, mean, last, count) VALUES (1, ?, 1, 3, 2, 3, 60)",
                               arguments: [SQLiteTrendStore.milliseconds(Self.start) - 60_000])
            }
        }
        let store = try SQLiteTrendStore(path: path)
        #expect(try await store.devices() == [SQLiteTrendStore.defaultDevice])
        #expect(try await store.variables() == [TrendVariable(register: "1-2", name: "Flow Rate", unit: "m3/h")])
        let points = try await store.points(variable: "1-2", from: Self.start.addingTimeInterval(-60), to: Self.start.addingTimeInterval(1), step: nil)
        #expect(points.map(\.last) == [3, 2.5])
        try await store.record([TrendSample(variable: "1-2", time: Self.start.addingTimeInterval(1), value: 4)])
        #expect(try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(2), step: nil).map(\.last) == [2.5, 4])
    }

    @Test func samplesComeBackWithTheirGapsAndSurviveARestart() async throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try await store(directory)
            try await record(store, from: 0, seconds: 10, failing: [4, 5])
        }
        let reopened = try await store(directory)
        #expect(try await reopened.variables() == [TrendVariable(register: "1-2", name: "Flow Rate", unit: "m3/h"), TrendVariable(register: "92", name: "Signal Quality", unit: "")])
        let points = try await reopened.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(10), step: nil)
        #expect(points.map(\.mean) == [0, 1, 2, 3, nil, nil, 6, 7, 8, 9])
        #expect(points.map(\.isGap) == [false, false, false, false, true, true, false, false, false, false])
        #expect(points[3].time == Self.start.addingTimeInterval(3))
        #expect(try await reopened.points(variable: "1-2", from: Self.start.addingTimeInterval(20), to: Self.start.addingTimeInterval(30), step: nil).isEmpty)
        #expect(try await reopened.points(variable: "no-such", from: Self.start, to: Self.start.addingTimeInterval(10), step: nil).isEmpty)
    }

    @Test func stepsSumUpMinimumMaximumMeanAndLast() async throws {
        let directory = try TemporaryDirectory()
        let store = try await store(directory)
        try await record(store, from: 0, seconds: 30, failing: Set(10..<20))
        let points = try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(30), step: 10)
        #expect(points.count == 3)
        #expect(points[0] == TrendPoint(time: Self.start, minimum: 0, maximum: 9, mean: 4.5, last: 9, count: 10))
        #expect(points[1].isGap, "a step of failed reads only")
        #expect(points[2] == TrendPoint(time: Self.start.addingTimeInterval(20), minimum: 20, maximum: 29, mean: 24.5, last: 29, count: 10))
    }

    /// Samples older than the full-resolution window become one row a minute; a step over the
    /// line sums both; the retention drops the rest.
    @Test func oldSamplesAreThinnedToMinutesThenDropped() async throws {
        let directory = try TemporaryDirectory()
        let store = try await store(directory)
        try await record(store, from: 0, seconds: 180)
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
        try await record(store, from: 180, seconds: 60)
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

    @Test func aFullDiskIsAnErrorNamingTheFile() async throws {
        let directory = try TemporaryDirectory()
        let store = try await store(directory, maximumBytes: 64 * 1024)
        let error = await #expect(throws: TrendStoreError.self) {
            try await record(store, from: 0, seconds: 5000)
        }
        #expect(error?.description.hasPrefix("cannot write the Modbus history at \(directory.path("modbus-history.sqlite")): database or disk is full") == true, "\(String(describing: error))")
    }
}
