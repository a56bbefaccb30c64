import Foundation
import GRDB
import ListorTestSupport
import Modbus
import ListorSQL
@testable import ModbusSQL
import Testing

/// What only the SQLite file does: keep a history from before devices, and bound its size.
/// (`TrendStoreBehaviourTests` runs what every history does on it.)
@Suite struct SQLiteHistoryTests {
    static let start = TrendStoreBehaviourTests.start

    @Test("a history from before devices is the lone device's, every sample kept")
    func aHistoryFromBeforeDevicesIsTheLoneDevices() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("modbus-history.sqlite")
        do {
            // The file as the version before kept it.
            let queue = try DatabaseQueue(path: path)
            try SQLiteDatabase(writer: queue).migrate(Array(SQLPlantHistory.migrations(.sqlite).prefix(1)))
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO variables (id, register, name, unit, position) VALUES (1, '1-2', 'Flow Rate', 'm3/h', 0)")
                try db.execute(sql: "INSERT INTO samples (variable, time, value) VALUES (1, ?, 2.5)", arguments: [TrendPoint.milliseconds(Self.start)])
                try db.execute(sql: "INSERT INTO minutes (variable, minute, minimum, maximum, mean, last, count) VALUES (1, ?, 1, 3, 2, 3, 60)",
                               arguments: [TrendPoint.milliseconds(Self.start) - 60_000])
            }
        }
        let store = try SQLPlantHistory(path: path)
        #expect(try await store.devices() == [PlantDevice.loneName])
        #expect(try await store.variables() == [TrendVariable(register: "1-2", name: "Flow Rate", unit: "m3/h")])
        let points = try await store.points(variable: "1-2", from: Self.start.addingTimeInterval(-60), to: Self.start.addingTimeInterval(1), step: nil)
        #expect(points.map(\.last) == [3, 2.5])
        try await store.record([TrendSample(variable: "1-2", time: Self.start.addingTimeInterval(1), value: 4)])
        #expect(try await store.points(variable: "1-2", from: Self.start, to: Self.start.addingTimeInterval(2), step: nil).map(\.last) == [2.5, 4])
    }

    @Test func aFullDiskIsAnErrorNamingTheFile() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"), maximumBytes: 128 * 1024)
        let error = await #expect(throws: TrendStoreError.self) {
            try await TrendStoreBehaviourTests.record(store, from: 0, seconds: 5000)
        }
        #expect(error?.description.hasPrefix("cannot write the Modbus history at \(directory.path("modbus-history.sqlite")): database or disk is full") == true, "\(String(describing: error))")
    }
}
