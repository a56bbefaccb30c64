import Foundation
import ListorKit
import ListorSQL
import Modbus

/// A plant's history, written once for both engines: in a SQLite file (`modbus-history.sqlite`
/// in the data directory), or in PostgreSQL (`--modbus-history-db`), where several `serve`
/// processes, each next to its own line, write one history that any of them can chart.
///
/// Samples are kept whole for `fullResolution` (a day by default); older ones are thinned to
/// one row a minute per variable (minimum, maximum, mean, last and count), kept up to
/// `retention`; beyond it, nothing. A failed read is a sample without a value, which charts
/// draw as a gap. Times are whole milliseconds since 1970.
///
/// Each value of this type is one device's trends and alarms (`device(_:)` gives another's on
/// the same database), kept under the device's name; the audit log of writes is every device's.
/// The database's errors do not leave this type: they become `TrendStoreError`s naming it.
public struct SQLPlantHistory: TrendStore, PlantHistory {
    public let database: any SQLDatabase
    /// The device whose variables this store reads and writes.
    public let device: String
    public let fullResolution: Duration
    public let retention: Duration

    /// An arbitrary constant naming PostgreSQL's thinning lock ("Thin").
    static let thinningLock: Int64 = 0x5468_696E

    public init(database: any SQLDatabase, device: String = PlantDevice.loneName, fullResolution: Duration = .seconds(86_400),
                retention: Duration = .seconds(7 * 86_400)) {
        self.database = database
        self.device = device
        self.fullResolution = min(fullResolution, retention)
        self.retention = retention
    }

    /// The history in the SQLite file at `path`, made or brought up to date; `maximumBytes`
    /// bounds the file, so that a write past it fails as on a full disk.
    public init(path: String, device: String = PlantDevice.loneName, fullResolution: Duration = .seconds(86_400),
                retention: Duration = .seconds(7 * 86_400), maximumBytes: Int? = nil) throws(TrendStoreError) {
        do {
            let database = try SQLiteDatabase(path: path, maximumBytes: maximumBytes)
            try database.migrate(Self.migrations(.sqlite))
            self.init(database: database, device: device, fullResolution: fullResolution, retention: retention)
        } catch {
            throw TrendStoreError("cannot open the Modbus history at \(path): \(error.message)")
        }
    }

    /// Makes the tables on a new database, once even when several processes start together.
    public func migrate() async throws {
        do { try await database.migrate(Self.migrations(database.dialect)) } catch {
            throw TrendStoreError("cannot open the Modbus history at \(database.location): \(error.message)")
        }
    }

    public func device(_ name: String) -> SQLPlantHistory {
        SQLPlantHistory(database: database, device: name, fullResolution: fullResolution, retention: retention)
    }

    public func devices() async throws -> [String] {
        try await read { db in
            try db.rows("SELECT device FROM modbus_variables GROUP BY device ORDER BY MIN(id)").map { try $0[0] as String }
        }
    }

    public func claim(_ name: String, source: String, map: String, interval: Duration, by owner: String) async throws -> String? {
        try await write { db in
            // Servers starting together take turns on the device's row.
            if db.dialect == .postgres { try db.execute("SELECT pg_advisory_xact_lock(hashtext(\(name)))") }
            if let row = try db.row("SELECT owner, source, map FROM modbus_devices WHERE device = \(name)") {
                let (holder, polled, recorded): (String, String, String) = (try row[0], try row[1], try row[2])
                guard holder == owner || (polled == source && recorded == map) else {
                    return "\(holder), which polls \(polled)" + (recorded == map ? "" : " with another map")
                }
                guard holder == owner else { return nil }
            }
            let milliseconds = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
            try db.execute("""
                INSERT INTO modbus_devices (device, owner, source, map, interval_ms) VALUES (\(name), \(owner), \(source), \(map), \(milliseconds))
                ON CONFLICT (device) DO UPDATE SET source = excluded.source, map = excluded.map, interval_ms = excluded.interval_ms,
                    down_since = NULL, down_reason = NULL
                """)
            return nil
        }
    }

    public func recorder(of name: String) async throws -> DeviceRecorder? {
        try await read { db in
            try db.row("SELECT owner, source, interval_ms, down_since, down_reason FROM modbus_devices WHERE device = \(name)").map { row in
                DeviceRecorder(owner: try row[0], source: try row[1], interval: (try row[2] as Int64?).map { .milliseconds($0) },
                               downSince: (try row[3] as Int64?).map(TrendPoint.date(milliseconds:)), downReason: try row[4])
            }
        }
    }

    public func recordConnection(downSince since: Date?, reason: String?) async throws {
        try await write { [device] db in
            try db.execute("""
                UPDATE modbus_devices SET down_since = \(since.map(TrendPoint.milliseconds)), down_reason = \(reason.map { String($0.prefix(500)) })
                WHERE device = \(device)
                """)
        }
    }

    public func lastSample() async throws -> Date? {
        try await read { [device] db in
            try db.value("""
                SELECT max(s.time) FROM modbus_samples s JOIN modbus_variables v ON v.id = s.variable WHERE v.device = \(device)
                """, as: Int64?.self)?.map(TrendPoint.date(milliseconds:))
        }
    }

    public func describe(_ variables: [RegisterVariable]) async throws {
        try await write { [device] db in
            for (position, variable) in variables.enumerated() {
                try db.execute("""
                    INSERT INTO modbus_variables (device, register, name, unit, position, decimals)
                    VALUES (\(device), \(variable.registerLabel), \(variable.name), \(variable.unit), \(position), \(variable.encoding.shownDecimals))
                    ON CONFLICT (device, register) DO UPDATE SET name = excluded.name, unit = excluded.unit, position = excluded.position,
                        decimals = excluded.decimals
                    """)
            }
        }
    }

    public func variables() async throws -> [TrendVariable] {
        try await read { [device] db in
            try db.rows("SELECT register, name, unit, decimals FROM modbus_variables WHERE device = \(device) ORDER BY position, register").map {
                TrendVariable(register: try $0[0], name: try $0[1], unit: try $0[2], decimals: try $0[3])
            }
        }
    }

    /// One statement a poll (of up to 500 samples): each sample finds its variable by register.
    public func record(_ samples: [TrendSample]) async throws {
        guard !samples.isEmpty else { return }
        try await write { [device] db in
            for start in stride(from: 0, to: samples.count, by: 500) {
                let rows = samples[start..<min(start + 500, samples.count)].map { sample -> SQL in
                    "(\(sample.variable), \(TrendPoint.milliseconds(sample.time)), CAST(\(sample.value) AS DOUBLE PRECISION))"
                }
                try db.execute("""
                    INSERT INTO modbus_samples (variable, time, value)
                    SELECT v.id, s.column2, s.column3 FROM (VALUES \(SQL(joining: rows, separator: ", "))) AS s
                    JOIN modbus_variables v ON v.device = \(device) AND v.register = s.column1 WHERE true
                    ON CONFLICT (variable, time) DO UPDATE SET value = excluded.value
                    """)
            }
        }
    }

    public func points(variable: String, from: Date, to: Date, step: Int?) async throws -> [TrendPoint] {
        let (start, end) = (TrendPoint.milliseconds(from), TrendPoint.milliseconds(to))
        let samples: SQL = """
            FROM modbus_samples s JOIN modbus_variables v ON v.id = s.variable
            WHERE v.device = \(device) AND v.register = \(variable) AND s.time >= \(start) AND s.time < \(end)
            """
        let minutes: SQL = """
            FROM modbus_minutes m JOIN modbus_variables v ON v.id = m.variable
            WHERE v.device = \(device) AND v.register = \(variable) AND m.minute >= \(start) AND m.minute < \(end)
            """
        guard let step, step > 0 else {
            // Every sample; the thinned past as its minutes.
            return try await read { db in
                try db.rows("""
                    SELECT s.time, s.value, s.value, s.value, s.value, CASE WHEN s.value IS NULL THEN 0 ELSE 1 END \(samples)
                    UNION ALL
                    SELECT m.minute, m.minimum, m.maximum, m.mean, m.last, m.count \(minutes)
                    ORDER BY 1
                    """).map { row in
                    TrendPoint(time: TrendPoint.date(milliseconds: try row[0]), minimum: try row[1], maximum: try row[2], mean: try row[3],
                               last: try row[4], count: try row[5])
                }
            }
        }
        // Steps counted from 1970, so that a minute's step starts on the minute; a step that
        // straddles the thinning line sums up rows of both tables. Its last value is that of its
        // latest row with one.
        let width = Int64(step) * 1000
        return try await read { db in
            try db.rows("""
                WITH kept (time, minimum, maximum, total, count, last) AS (
                    SELECT s.time, s.value, s.value, s.value, CASE WHEN s.value IS NULL THEN 0 ELSE 1 END, s.value \(samples)
                    UNION ALL
                    SELECT m.minute, m.minimum, m.maximum, m.mean * m.count, m.count, m.last \(minutes)
                ), placed AS (
                    SELECT time / \(width) AS bucket, minimum, maximum, total, count, last,
                           ROW_NUMBER() OVER (PARTITION BY time / \(width) ORDER BY CASE WHEN last IS NULL THEN 1 ELSE 0 END, time DESC) AS place
                    FROM kept
                )
                SELECT bucket, MIN(minimum), MAX(maximum), SUM(total) / NULLIF(SUM(count), 0), CAST(SUM(count) AS BIGINT),
                       MAX(CASE WHEN place = 1 THEN last END)
                FROM placed GROUP BY bucket ORDER BY bucket
                """).map { row in
                TrendPoint(time: TrendPoint.date(milliseconds: try row[0] * width), minimum: try row[1], maximum: try row[2],
                           mean: TrendPoint.trimmed(try row[3]), last: try row[5], count: try row[4])
            }
        }
    }

    public func thin(now: Date) async throws {
        // Whole minutes only, so that a minute is never split between the two tables.
        let cutoff = TrendPoint.milliseconds(now.addingTimeInterval(-fullResolution.timeInterval)) / 60_000 * 60_000
        let oldest = TrendPoint.milliseconds(now.addingTimeInterval(-retention.timeInterval))
        try await write { db in
            if db.dialect == .postgres {
                // One thinner at a time, whichever process: each sample folds into its minute once.
                try db.execute("SELECT pg_advisory_xact_lock(\(Self.thinningLock))")
            }
            try db.execute("""
                INSERT INTO modbus_minutes (variable, minute, minimum, maximum, mean, last, count)
                SELECT variable, minute, MIN(value), MAX(value), AVG(value), MAX(CASE WHEN place = 1 THEN value END), COUNT(value)
                FROM (SELECT variable, time / 60000 * 60000 AS minute, value,
                             ROW_NUMBER() OVER (PARTITION BY variable, time / 60000 ORDER BY time DESC) AS place
                      FROM modbus_samples WHERE time < \(cutoff) AND value IS NOT NULL) AS old
                WHERE true GROUP BY variable, minute
                ON CONFLICT (variable, minute) DO UPDATE SET
                    minimum = CASE WHEN excluded.minimum < modbus_minutes.minimum THEN excluded.minimum ELSE modbus_minutes.minimum END,
                    maximum = CASE WHEN excluded.maximum > modbus_minutes.maximum THEN excluded.maximum ELSE modbus_minutes.maximum END,
                    mean = (modbus_minutes.mean * modbus_minutes.count + excluded.mean * excluded.count) / (modbus_minutes.count + excluded.count),
                    last = excluded.last, count = modbus_minutes.count + excluded.count
                """)
            try db.execute("DELETE FROM modbus_samples WHERE time < \(cutoff)")
            try db.execute("DELETE FROM modbus_minutes WHERE minute < \(oldest)")
        }
    }

    // MARK: The alarms' mail

    /// Withdraws the letters too old to be worth sending (`AlarmLetters.freshFor`), then claims
    /// as every outbox does.
    public func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [QueuedMail] {
        let stale = now.addingTimeInterval(-AlarmLetters.freshFor)
        try await write { db in
            try db.execute("""
                UPDATE mail_outbox SET state = 'withdrawn', ended = \(now), last_error = 'not sent within an hour of the alarm: no mail server was set then'
                WHERE state = 'queued' AND attempts = 0 AND queued < \(stale)
                """)
        }
        return try await SQLMailOutbox(database: database).claim(limit: limit, now: now, lease: lease, sender: sender)
    }

    public func record(_ outcome: OutboxOutcome, of id: Int64, sender: String) async throws {
        try await SQLMailOutbox(database: database).record(outcome, of: id, sender: sender)
    }

    // MARK: Alarms

    public func record(alarms: [AlarmEvent], mail: [OutgoingMail]) async throws {
        guard !alarms.isEmpty else { return }
        try await write { [device] db in
            try SQLMailOutbox.enqueue(mail, at: Date(), in: db)
            for alarm in alarms {
                try db.execute("""
                    INSERT INTO modbus_alarms (device, time, register, variable, unit, kind, change, value, threshold)
                    VALUES (\(device), \(TrendPoint.milliseconds(alarm.time)), \(alarm.register), \(alarm.variable), \(alarm.unit),
                            \(alarm.kind.rawValue), \(alarm.change.rawValue), \(alarm.value), \(alarm.threshold))
                    """)
            }
        }
    }

    public func alarms(from: Date, to: Date, limit: Int) async throws -> [AlarmEvent] {
        try await read { [device] db in
            try db.rows("""
                SELECT a.time, a.device, a.register, a.variable, a.unit, a.kind, a.change, a.value, a.threshold, v.decimals FROM modbus_alarms a
                LEFT JOIN modbus_variables v ON v.device = a.device AND v.register = a.register
                WHERE a.device = \(device) AND a.time >= \(TrendPoint.milliseconds(from)) AND a.time < \(TrendPoint.milliseconds(to))
                ORDER BY a.time, a.id LIMIT \(limit)
                """).compactMap { row in
                guard let kind = AlarmEvent.Kind(rawValue: try row[5]), let change = AlarmEvent.Change(rawValue: try row[6]) else { return nil }
                return AlarmEvent(time: TrendPoint.date(milliseconds: try row[0]), device: try row[1], register: try row[2], variable: try row[3],
                                  unit: try row[4], kind: kind, change: change, value: try row[7], threshold: try row[8], decimals: try row[9])
            }
        }
    }

    // MARK: The audit log

    public func record(_ write: WriteRecord) async throws {
        try await self.write { db in
            try db.execute("""
                INSERT INTO modbus_writes (time, who, device, register, variable, old, requested, read_back, answer, succeeded)
                VALUES (\(TrendPoint.milliseconds(write.time)), \(write.who), \(write.device), \(write.register), \(write.variable), \(write.old),
                        \(write.requested), \(write.readBack), \(write.answer), \(write.succeeded))
                """)
        }
    }

    public func writes(device: String?, limit: Int) async throws -> [WriteRecord] {
        let filter: SQL = device.map { "WHERE device = \($0)" } ?? ""
        return try await read { db in
            try db.rows("""
                SELECT time, who, device, register, variable, old, requested, read_back, answer, succeeded FROM modbus_writes
                \(filter) ORDER BY id DESC LIMIT \(limit)
                """).map { row in
                WriteRecord(time: TrendPoint.date(milliseconds: try row[0]), who: try row[1], device: try row[2], register: try row[3],
                            variable: try row[4], old: try row[5], requested: try row[6], readBack: try row[7], answer: try row[8], succeeded: try row[9])
            }
        }
    }

    // MARK: Helpers

    private func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        do { return try await database.read(body) } catch let error as StorageError {
            throw TrendStoreError("cannot read the Modbus history at \(database.location): \(error.message)")
        }
    }

    @discardableResult
    private func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        do { return try await database.write(body) } catch let error as StorageError {
            throw TrendStoreError("cannot write the Modbus history at \(database.location): \(error.message)")
        }
    }
}
