import Foundation
import GRDB
import ListorKit
import Modbus

/// ModbusApp's trends in one SQLite file (`modbus-history.sqlite` in the data directory), through
/// GRDB in WAL mode, so that pages read while polls write.
///
/// Samples are kept whole for `fullResolution` (a day by default); older ones are thinned to
/// one row a minute per variable (minimum, maximum, mean and count), kept up to `retention`;
/// beyond it, nothing. A failed read is a sample without a value, which charts draw as a gap.
/// `maximumBytes` bounds the file: a write past it fails as a full disk does.
///
/// A plant's devices share the file: each store is one device's (`device(_:)` gives another's
/// on the same connections), its variables kept under the device's name. The file keeps the
/// audit log of writes too, every device's.
///
/// GRDB's errors do not leave this type: they become `TrendStoreError`s naming the file.
public final class SQLiteTrendStore: TrendStore, PlantHistory {
    private let database: DatabasePool
    public let path: String
    /// The device whose variables this store reads and writes.
    public let device: String
    public let fullResolution: Duration
    public let retention: Duration

    public init(path: String, device: String = PlantDevice.loneName, fullResolution: Duration = .seconds(86_400), retention: Duration = .seconds(7 * 86_400),
                maximumBytes: Int? = nil) throws(TrendStoreError) {
        self.path = path
        self.device = device
        self.fullResolution = min(fullResolution, retention)
        self.retention = retention
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        if let maximumBytes {
            configuration.prepareDatabase { db in
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                // A pragma takes no bound parameters; this is a number computed here, never text from outside.
                let pages: Int = max(1, maximumBytes / pageSize)
                try db.execute(sql: "PRAGMA max_page_count = \(pages)")
            }
        }
        do {
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw TrendStoreError("cannot open the Modbus history at \(path): \(Self.reason(error))")
        }
    }

    private init(sharing store: SQLiteTrendStore, device: String) {
        database = store.database
        path = store.path
        self.device = device
        fullResolution = store.fullResolution
        retention = store.retention
    }

    /// The same history, for the device `name`.
    public func device(_ name: String) -> SQLiteTrendStore {
        SQLiteTrendStore(sharing: self, device: name)
    }

    /// The devices the history holds, in the order they were first described.
    public func devices() async throws -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT device FROM variables GROUP BY device ORDER BY MIN(id)") }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("samples and minutes") { db in
            try db.execute(sql: """
                CREATE TABLE variables (
                    id INTEGER PRIMARY KEY,
                    register TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    position INTEGER NOT NULL
                );
                -- Times are milliseconds since 1970 (UTC); a NULL value is a failed read.
                CREATE TABLE samples (
                    variable INTEGER NOT NULL REFERENCES variables(id),
                    time INTEGER NOT NULL,
                    value REAL,
                    PRIMARY KEY (variable, time)
                ) WITHOUT ROWID;
                CREATE TABLE minutes (
                    variable INTEGER NOT NULL REFERENCES variables(id),
                    minute INTEGER NOT NULL,
                    minimum REAL NOT NULL,
                    maximum REAL NOT NULL,
                    mean REAL NOT NULL,
                    last REAL NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (variable, minute)
                ) WITHOUT ROWID;
                """)
        }
        // Each device of a plant its variables: what was kept before is the lone device's.
        migrator.registerMigration("devices") { db in
            try db.execute(sql: """
                CREATE TABLE devices_variables (
                    id INTEGER PRIMARY KEY,
                    device TEXT NOT NULL,
                    register TEXT NOT NULL,
                    name TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    UNIQUE (device, register)
                );
                INSERT INTO devices_variables (id, device, register, name, unit, position)
                    SELECT id, ?, register, name, unit, position FROM variables;
                DROP TABLE variables;
                ALTER TABLE devices_variables RENAME TO variables;
                """, arguments: [PlantDevice.loneName])
        }
        // The audit log of writes.
        migrator.registerMigration("writes") { db in
            try db.execute(sql: """
                CREATE TABLE writes (
                    id INTEGER PRIMARY KEY,
                    time INTEGER NOT NULL,
                    who TEXT NOT NULL,
                    device TEXT NOT NULL,
                    register TEXT NOT NULL,
                    variable TEXT NOT NULL,
                    old TEXT,
                    requested TEXT NOT NULL,
                    read_back TEXT,
                    answer TEXT NOT NULL,
                    succeeded INTEGER NOT NULL
                );
                CREATE INDEX writes_by_device ON writes (device, id);
                """)
        }
        // Alarms raised and cleared, kept with the history.
        migrator.registerMigration("alarms") { db in
            try db.execute(sql: """
                CREATE TABLE alarms (
                    id INTEGER PRIMARY KEY,
                    device TEXT NOT NULL,
                    time INTEGER NOT NULL,
                    register TEXT NOT NULL,
                    variable TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    change TEXT NOT NULL,
                    value REAL NOT NULL,
                    threshold REAL NOT NULL
                );
                CREATE INDEX alarms_by_device ON alarms (device, time);
                """)
        }
        return migrator
    }

    public func describe(_ variables: [RegisterVariable]) async throws {
        try await write { [device] db in
            for (position, variable) in variables.enumerated() {
                try db.execute(sql: """
                    INSERT INTO variables (device, register, name, unit, position) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(device, register) DO UPDATE SET name = excluded.name, unit = excluded.unit, position = excluded.position
                    """, arguments: [device, variable.registerLabel, variable.name, variable.unit, position])
            }
        }
    }

    public func variables() async throws -> [TrendVariable] {
        try await read { [device] db in
            try Row.fetchAll(db, sql: "SELECT register, name, unit FROM variables WHERE device = ? ORDER BY position, register", arguments: [device]).map {
                TrendVariable(register: $0["register"], name: $0["name"], unit: $0["unit"])
            }
        }
    }

    public func record(_ samples: [TrendSample]) async throws {
        guard !samples.isEmpty else { return }
        try await write { [device] db in
            let ids = try Self.ids(db, device: device)
            let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO samples (variable, time, value) VALUES (?, ?, ?)")
            for sample in samples {
                guard let id = ids[sample.variable] else { continue }
                try statement.execute(arguments: [id, TrendPoint.milliseconds(sample.time), sample.value.flatMap { $0.isFinite ? $0 : nil }])
            }
        }
    }

    public func points(variable: String, from: Date, to: Date, step: Int?) async throws -> [TrendPoint] {
        let (start, end) = (TrendPoint.milliseconds(from), TrendPoint.milliseconds(to))
        return try await read { [device] db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM variables WHERE device = ? AND register = ?", arguments: [device, variable]) else {
                return []
            }
            guard let step, step > 0 else {
                // Every sample; the thinned past as its minutes.
                let samples = try Row.fetchAll(db, sql: """
                    SELECT time, value, value AS minimum, value AS maximum, value AS mean, value AS last, value IS NOT NULL AS count
                    FROM samples WHERE variable = ? AND time >= ? AND time < ?
                    UNION ALL
                    SELECT minute, mean, minimum, maximum, mean, last, count FROM minutes WHERE variable = ? AND minute >= ? AND minute < ?
                    ORDER BY 1
                    """, arguments: [id, start, end, id, start, end])
                return samples.map(Self.point)
            }
            let width = Int64(step) * 1000
            // Steps counted from 1970, so that a minute's step starts on the minute; a step that
            // straddles the thinning line sums up rows of both tables.
            let rows = try Row.fetchAll(db, sql: """
                SELECT bucket, MIN(minimum) AS minimum, MAX(maximum) AS maximum, SUM(total) / NULLIF(SUM(count), 0) AS mean,
                       SUM(count) AS count, MAX(lastTime) AS lastTime
                FROM (
                    SELECT time / ? AS bucket, MIN(value) AS minimum, MAX(value) AS maximum, SUM(value) AS total,
                           COUNT(value) AS count, MAX(CASE WHEN value IS NOT NULL THEN time END) AS lastTime
                    FROM samples WHERE variable = ? AND time >= ? AND time < ? GROUP BY 1
                    UNION ALL
                    SELECT minute / ?, MIN(minimum), MAX(maximum), SUM(mean * count), SUM(count), MAX(minute)
                    FROM minutes WHERE variable = ? AND minute >= ? AND minute < ? GROUP BY 1
                )
                GROUP BY bucket ORDER BY bucket
                """, arguments: [width, id, start, end, width, id, start, end])
            return try rows.map { row in
                let bucket: Int64 = row["bucket"]
                let lastTime: Int64? = row["lastTime"]
                let last = try lastTime.flatMap { time in
                    try Double.fetchOne(db, sql: """
                        SELECT value FROM samples WHERE variable = ? AND time = ?
                        UNION ALL SELECT last FROM minutes WHERE variable = ? AND minute = ? LIMIT 1
                        """, arguments: [id, time, id, time])
                }
                let count: Int = row["count"] ?? 0
                return TrendPoint(time: TrendPoint.date(milliseconds: bucket * width), minimum: row["minimum"], maximum: row["maximum"],
                                    mean: TrendPoint.trimmed(row["mean"]), last: last, count: count)
            }
        }
    }

    public func thin(now: Date) async throws {
        // Whole minutes only, so that a minute is never split between the two tables.
        let cutoff = TrendPoint.milliseconds(now.addingTimeInterval(-fullResolution.timeInterval)) / 60_000 * 60_000
        let oldest = TrendPoint.milliseconds(now.addingTimeInterval(-retention.timeInterval))
        try await write { db in
            try db.execute(sql: """
                INSERT INTO minutes (variable, minute, minimum, maximum, mean, last, count)
                SELECT variable, time / 60000 * 60000, MIN(value), MAX(value), AVG(value),
                       (SELECT s2.value FROM samples s2 WHERE s2.variable = samples.variable AND s2.value IS NOT NULL
                        AND s2.time / 60000 = samples.time / 60000 ORDER BY s2.time DESC LIMIT 1),
                       COUNT(value)
                FROM samples WHERE time < ? AND value IS NOT NULL GROUP BY variable, time / 60000 ORDER BY 1, 2
                ON CONFLICT(variable, minute) DO UPDATE SET
                    minimum = MIN(minimum, excluded.minimum), maximum = MAX(maximum, excluded.maximum),
                    mean = (mean * count + excluded.mean * excluded.count) / (count + excluded.count),
                    last = excluded.last, count = count + excluded.count
                """, arguments: [cutoff])
            try db.execute(sql: "DELETE FROM samples WHERE time < ?", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM minutes WHERE minute < ?", arguments: [oldest])
            try db.execute(sql: "DELETE FROM samples WHERE time < ?", arguments: [oldest])
        }
    }

    // MARK: Alarms

    public func record(alarms: [AlarmEvent]) async throws {
        guard !alarms.isEmpty else { return }
        try await write { [device] db in
            for alarm in alarms {
                try db.execute(sql: """
                    INSERT INTO alarms (device, time, register, variable, unit, kind, change, value, threshold) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [device, TrendPoint.milliseconds(alarm.time), alarm.register, alarm.variable, alarm.unit, alarm.kind.rawValue,
                                     alarm.change.rawValue, alarm.value, alarm.threshold])
            }
        }
    }

    public func alarms(from: Date, to: Date, limit: Int) async throws -> [AlarmEvent] {
        try await read { [device] db in
            try Row.fetchAll(db, sql: "SELECT * FROM alarms WHERE device = ? AND time >= ? AND time < ? ORDER BY time, id LIMIT ?",
                             arguments: [device, TrendPoint.milliseconds(from), TrendPoint.milliseconds(to), limit]).compactMap { row in
                guard let kind = AlarmEvent.Kind(rawValue: row["kind"]), let change = AlarmEvent.Change(rawValue: row["change"]) else { return nil }
                return AlarmEvent(time: TrendPoint.date(milliseconds: row["time"]), device: row["device"], register: row["register"], variable: row["variable"],
                                  unit: row["unit"], kind: kind, change: change, value: row["value"], threshold: row["threshold"])
            }
        }
    }

    // MARK: The audit log

    public func record(_ write: WriteRecord) async throws {
        try await self.write { db in
            try db.execute(sql: """
                INSERT INTO writes (time, who, device, register, variable, old, requested, read_back, answer, succeeded)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [TrendPoint.milliseconds(write.time), write.who, write.device, write.register, write.variable, write.old, write.requested,
                                 write.readBack, write.answer, write.succeeded])
        }
    }

    public func writes(device: String?, limit: Int) async throws -> [WriteRecord] {
        try await read { db in
            let rows = if let device {
                try Row.fetchAll(db, sql: "SELECT * FROM writes WHERE device = ? ORDER BY id DESC LIMIT ?", arguments: [device, limit])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM writes ORDER BY id DESC LIMIT ?", arguments: [limit])
            }
            return rows.map { row in
                WriteRecord(time: TrendPoint.date(milliseconds: row["time"]), who: row["who"], device: row["device"], register: row["register"], variable: row["variable"],
                            old: row["old"], requested: row["requested"], readBack: row["read_back"], answer: row["answer"], succeeded: row["succeeded"])
            }
        }
    }

    // MARK: Helpers

    private static func ids(_ db: Database, device: String) throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, register FROM variables WHERE device = ?", arguments: [device]) { ids[row["register"]] = row["id"] }
        return ids
    }

    private static func point(_ row: Row) -> TrendPoint {
        TrendPoint(time: TrendPoint.date(milliseconds: row["time"]), minimum: row["minimum"], maximum: row["maximum"], mean: row["mean"],
                     last: row["last"], count: row["count"] ?? 0)
    }

    private func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do { return try await database.read(body) } catch { throw TrendStoreError("cannot read the Modbus history at \(path): \(Self.reason(error))") }
    }

    private func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do { return try await database.write(body) } catch { throw TrendStoreError("cannot write the Modbus history at \(path): \(Self.reason(error))") }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }
}
