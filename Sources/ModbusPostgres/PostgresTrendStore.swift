import Foundation
import ListorKit
import ListorPostgres
import Logging
import Modbus
import PostgresNIO

/// ModbusApp's history in PostgreSQL (`--modbus-history-db`), so that several `serve` processes,
/// each next to its own line, write one history that any of them can chart. It keeps what the
/// SQLite file keeps, the same way: samples whole for `fullResolution`, then one row a minute
/// per variable up to `retention`; each device's variables under its name; alarms; and the audit
/// log of writes. Times are whole milliseconds since 1970, as in the file.
///
/// Thinning takes an advisory lock, so that two processes thinning at once fold each sample
/// into its minute once. The `PostgresClient` must be running while the store is used;
/// `withHistory(at:)` runs one. postgres-nio's errors do not leave this type: they become
/// `TrendStoreError`s naming the database.
public struct PostgresTrendStore: TrendStore, PlantHistory {
    private let client: PostgresClient
    private let logger: Logger
    /// The database's URL without its password, for messages.
    public let location: String
    /// The device whose variables this store reads and writes.
    public let device: String
    public let fullResolution: Duration
    public let retention: Duration

    /// An arbitrary constant naming the thinning lock ("Thin").
    static let thinningLock: Int64 = 0x5468_696E

    public init(client: PostgresClient, location: String = "PostgreSQL", device: String = PlantDevice.loneName,
                fullResolution: Duration = .seconds(86_400), retention: Duration = .seconds(7 * 86_400),
                logger: Logger = Logger(label: "listor.modbus.postgres")) {
        self.client = client
        self.location = location
        self.device = device
        self.fullResolution = min(fullResolution, retention)
        self.retention = retention
        self.logger = logger
    }

    /// Runs `body` with the history in the database at `url`: connected, its client running and
    /// its tables made. A database that cannot be used fails at once with the reason, where a
    /// pool would keep retrying for a minute.
    public static func withHistory<T: Sendable>(at url: PostgresURL, retention: Duration = .seconds(7 * 86_400),
                                                logger: Logger = Logger(label: "listor.modbus.postgres"),
                                                _ body: (PostgresTrendStore) async throws -> T) async throws -> T {
        do { try await url.checkConnection(logger: logger) } catch {
            throw TrendStoreError("cannot open the Modbus history at \(url): \(PostgresProblem.reason(error, target: url.address))")
        }
        let client = PostgresClient(configuration: url.clientConfiguration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let store = PostgresTrendStore(client: client, location: url.description, retention: retention, logger: logger)
            try await store.migrate()
            return try await body(store)
        }
    }

    /// Makes the tables on a new database, once even when several processes start together.
    public func migrate() async throws {
        try await using("open") {
            try await PostgresProblem.transaction(client, logger: logger) { connection in
                try await Self.migrator.migrate(on: connection, logger: logger)
            }
        }
    }

    static let migrator = PostgresMigrator([
        .statements("modbus history", [
            """
            CREATE TABLE modbus_variables (
                id BIGSERIAL PRIMARY KEY,
                device TEXT NOT NULL,
                register TEXT NOT NULL,
                name TEXT NOT NULL,
                unit TEXT NOT NULL,
                position INTEGER NOT NULL,
                UNIQUE (device, register)
            )
            """,
            // Times are milliseconds since 1970 (UTC); a NULL value is a failed read.
            """
            CREATE TABLE modbus_samples (
                variable BIGINT NOT NULL REFERENCES modbus_variables (id),
                time BIGINT NOT NULL,
                value DOUBLE PRECISION,
                PRIMARY KEY (variable, time)
            )
            """,
            """
            CREATE TABLE modbus_minutes (
                variable BIGINT NOT NULL REFERENCES modbus_variables (id),
                minute BIGINT NOT NULL,
                minimum DOUBLE PRECISION NOT NULL,
                maximum DOUBLE PRECISION NOT NULL,
                mean DOUBLE PRECISION NOT NULL,
                last DOUBLE PRECISION NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (variable, minute)
            )
            """,
            """
            CREATE TABLE modbus_writes (
                id BIGSERIAL PRIMARY KEY,
                time BIGINT NOT NULL,
                who TEXT NOT NULL,
                device TEXT NOT NULL,
                register TEXT NOT NULL,
                variable TEXT NOT NULL,
                old TEXT,
                requested TEXT NOT NULL,
                read_back TEXT,
                answer TEXT NOT NULL,
                succeeded BOOLEAN NOT NULL
            )
            """,
            "CREATE INDEX modbus_writes_by_device ON modbus_writes (device, id)",
            """
            CREATE TABLE modbus_alarms (
                id BIGSERIAL PRIMARY KEY,
                device TEXT NOT NULL,
                time BIGINT NOT NULL,
                register TEXT NOT NULL,
                variable TEXT NOT NULL,
                unit TEXT NOT NULL,
                kind TEXT NOT NULL,
                change TEXT NOT NULL,
                value DOUBLE PRECISION NOT NULL,
                threshold DOUBLE PRECISION NOT NULL
            )
            """,
            "CREATE INDEX modbus_alarms_by_device ON modbus_alarms (device, time)",
        ]),
    ])

    public func device(_ name: String) -> PostgresTrendStore {
        PostgresTrendStore(client: client, location: location, device: name, fullResolution: fullResolution, retention: retention, logger: logger)
    }

    public func devices() async throws -> [String] {
        try await using("read") {
            try await collect(client.query("SELECT device FROM modbus_variables GROUP BY device ORDER BY MIN(id)", logger: logger).decode(String.self))
        }
    }

    public func describe(_ variables: [RegisterVariable]) async throws {
        try await using("write") {
            try await PostgresProblem.transaction(client, logger: logger) { [device, logger] connection in
                for (position, variable) in variables.enumerated() {
                    try await connection.query("""
                        INSERT INTO modbus_variables (device, register, name, unit, position)
                        VALUES (\(device), \(variable.registerLabel), \(variable.name), \(variable.unit), \(position))
                        ON CONFLICT (device, register) DO UPDATE SET name = excluded.name, unit = excluded.unit, position = excluded.position
                        """, logger: logger)
                }
            }
        }
    }

    public func variables() async throws -> [TrendVariable] {
        try await using("read") {
            try await collect(client.query("SELECT register, name, unit FROM modbus_variables WHERE device = \(device) ORDER BY position, register",
                                           logger: logger).decode((String, String, String).self))
                .map { TrendVariable(register: $0.0, name: $0.1, unit: $0.2) }
        }
    }

    /// One statement for the poll: the samples go as arrays, a failed read as NaN (which the
    /// statement makes NULL), and each finds its variable by register.
    public func record(_ samples: [TrendSample]) async throws {
        guard !samples.isEmpty else { return }
        let registers = samples.map(\.variable), times = samples.map { TrendPoint.milliseconds($0.time) }
        let values = samples.map { $0.value.flatMap { $0.isFinite ? $0 : nil } ?? .nan }
        try await using("write") {
            try await client.query("""
                INSERT INTO modbus_samples (variable, time, value)
                SELECT v.id, s.time, NULLIF(s.value, 'NaN'::float8)
                FROM UNNEST(\(registers)::text[], \(times)::bigint[], \(values)::float8[]) AS s (register, time, value)
                JOIN modbus_variables v ON v.device = \(device) AND v.register = s.register
                ON CONFLICT (variable, time) DO UPDATE SET value = excluded.value
                """, logger: logger)
        }
    }

    public func points(variable: String, from: Date, to: Date, step: Int?) async throws -> [TrendPoint] {
        let (start, end) = (TrendPoint.milliseconds(from), TrendPoint.milliseconds(to))
        return try await using("read") {
            guard let step, step > 0 else {
                // Every sample; the thinned past as its minutes.
                let rows = try await client.query("""
                    SELECT s.time, s.value, s.value, s.value, s.value, (s.value IS NOT NULL)::int::int8
                    FROM modbus_samples s JOIN modbus_variables v ON v.id = s.variable
                    WHERE v.device = \(device) AND v.register = \(variable) AND s.time >= \(start) AND s.time < \(end)
                    UNION ALL
                    SELECT m.minute, m.minimum, m.maximum, m.mean, m.last, m.count
                    FROM modbus_minutes m JOIN modbus_variables v ON v.id = m.variable
                    WHERE v.device = \(device) AND v.register = \(variable) AND m.minute >= \(start) AND m.minute < \(end)
                    ORDER BY 1
                    """, logger: logger)
                return try await collect(rows.decode((Int64, Double?, Double?, Double?, Double?, Int64).self)).map { time, minimum, maximum, mean, last, count in
                    TrendPoint(time: TrendPoint.date(milliseconds: time), minimum: minimum, maximum: maximum, mean: mean, last: last, count: Int(count))
                }
            }
            let width = Int64(step) * 1000
            // Steps counted from 1970, so that a minute's step starts on the minute; a step that
            // straddles the thinning line sums up rows of both tables.
            let rows = try await client.query("""
                WITH kept (time, minimum, maximum, total, count, last) AS (
                    SELECT s.time, s.value, s.value, s.value, (s.value IS NOT NULL)::int::int8, s.value
                    FROM modbus_samples s JOIN modbus_variables v ON v.id = s.variable
                    WHERE v.device = \(device) AND v.register = \(variable) AND s.time >= \(start) AND s.time < \(end)
                    UNION ALL
                    SELECT m.minute, m.minimum, m.maximum, m.mean * m.count, m.count, m.last
                    FROM modbus_minutes m JOIN modbus_variables v ON v.id = m.variable
                    WHERE v.device = \(device) AND v.register = \(variable) AND m.minute >= \(start) AND m.minute < \(end)
                )
                SELECT time / \(width), MIN(minimum), MAX(maximum), SUM(total) / NULLIF(SUM(count), 0)::float8, SUM(count)::int8,
                       (ARRAY_AGG(last ORDER BY time DESC) FILTER (WHERE last IS NOT NULL))[1]
                FROM kept GROUP BY 1 ORDER BY 1
                """, logger: logger)
            return try await collect(rows.decode((Int64, Double?, Double?, Double?, Int64, Double?).self)).map { bucket, minimum, maximum, mean, count, last in
                TrendPoint(time: TrendPoint.date(milliseconds: bucket * width), minimum: minimum, maximum: maximum, mean: TrendPoint.trimmed(mean),
                           last: last, count: Int(count))
            }
        }
    }

    public func thin(now: Date) async throws {
        // Whole minutes only, so that a minute is never split between the two tables.
        let cutoff = TrendPoint.milliseconds(now.addingTimeInterval(-fullResolution.timeInterval)) / 60_000 * 60_000
        let oldest = TrendPoint.milliseconds(now.addingTimeInterval(-retention.timeInterval))
        try await using("write") {
            try await PostgresProblem.transaction(client, logger: logger) { [logger] connection in
                // One thinner at a time, whichever process: each sample folds into its minute once.
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.thinningLock))", logger: logger)
                try await connection.query("""
                    INSERT INTO modbus_minutes (variable, minute, minimum, maximum, mean, last, count)
                    SELECT variable, time / 60000 * 60000, MIN(value), MAX(value), AVG(value), (ARRAY_AGG(value ORDER BY time DESC))[1], COUNT(value)
                    FROM modbus_samples WHERE time < \(cutoff) AND value IS NOT NULL GROUP BY variable, time / 60000
                    ON CONFLICT (variable, minute) DO UPDATE SET
                        minimum = LEAST(modbus_minutes.minimum, excluded.minimum), maximum = GREATEST(modbus_minutes.maximum, excluded.maximum),
                        mean = (modbus_minutes.mean * modbus_minutes.count + excluded.mean * excluded.count) / (modbus_minutes.count + excluded.count),
                        last = excluded.last, count = modbus_minutes.count + excluded.count
                    """, logger: logger)
                try await connection.query("DELETE FROM modbus_samples WHERE time < \(cutoff)", logger: logger)
                try await connection.query("DELETE FROM modbus_minutes WHERE minute < \(oldest)", logger: logger)
            }
        }
    }

    // MARK: Alarms

    public func record(alarms: [AlarmEvent]) async throws {
        guard !alarms.isEmpty else { return }
        try await using("write") {
            try await PostgresProblem.transaction(client, logger: logger) { [device, logger] connection in
                for alarm in alarms {
                    try await connection.query("""
                        INSERT INTO modbus_alarms (device, time, register, variable, unit, kind, change, value, threshold)
                        VALUES (\(device), \(TrendPoint.milliseconds(alarm.time)), \(alarm.register), \(alarm.variable), \(alarm.unit),
                                \(alarm.kind.rawValue), \(alarm.change.rawValue), \(alarm.value), \(alarm.threshold))
                        """, logger: logger)
                }
            }
        }
    }

    public func alarms(from: Date, to: Date, limit: Int) async throws -> [AlarmEvent] {
        try await using("read") {
            let rows = try await client.query("""
                SELECT time, device, register, variable, unit, kind, change, value, threshold FROM modbus_alarms
                WHERE device = \(device) AND time >= \(TrendPoint.milliseconds(from)) AND time < \(TrendPoint.milliseconds(to))
                ORDER BY time, id LIMIT \(limit)
                """, logger: logger)
            return try await collect(rows.decode((Int64, String, String, String, String, String, String, Double, Double).self)).compactMap { row in
                guard let kind = AlarmEvent.Kind(rawValue: row.5), let change = AlarmEvent.Change(rawValue: row.6) else { return nil }
                return AlarmEvent(time: TrendPoint.date(milliseconds: row.0), device: row.1, register: row.2, variable: row.3, unit: row.4,
                                  kind: kind, change: change, value: row.7, threshold: row.8)
            }
        }
    }

    // MARK: The audit log

    public func record(_ write: WriteRecord) async throws {
        try await using("write") {
            try await client.query("""
                INSERT INTO modbus_writes (time, who, device, register, variable, old, requested, read_back, answer, succeeded)
                VALUES (\(TrendPoint.milliseconds(write.time)), \(write.who), \(write.device), \(write.register), \(write.variable), \(write.old),
                        \(write.requested), \(write.readBack), \(write.answer), \(write.succeeded))
                """, logger: logger)
        }
    }

    public func writes(device: String?, limit: Int) async throws -> [WriteRecord] {
        try await using("read") {
            let rows = try await client.query("""
                SELECT time, who, device, register, variable, old, requested, read_back, answer, succeeded FROM modbus_writes
                WHERE \(device)::text IS NULL OR device = \(device) ORDER BY id DESC LIMIT \(limit)
                """, logger: logger)
            return try await collect(rows.decode((Int64, String, String, String, String, String?, String, String?, String, Bool).self)).map { row in
                WriteRecord(time: TrendPoint.date(milliseconds: row.0), who: row.1, device: row.2, register: row.3, variable: row.4, old: row.5,
                            requested: row.6, readBack: row.7, answer: row.8, succeeded: row.9)
            }
        }
    }

    // MARK: Helpers

    private func collect<Rows: AsyncSequence>(_ rows: Rows) async throws -> [Rows.Element] {
        var elements: [Rows.Element] = []
        for try await element in rows { elements.append(element) }
        return elements
    }

    /// `body` with postgres-nio's errors said as the history's: "cannot read the Modbus history at postgres://…: reason".
    @discardableResult
    private func using<T>(_ verb: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as TrendStoreError {
            throw error
        } catch {
            throw TrendStoreError("cannot \(verb) the Modbus history at \(location): \(PostgresProblem.reason(error))")
        }
    }
}
