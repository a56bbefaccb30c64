import ListorSQL
import Modbus

extension SQLPlantHistory {
    /// The schema on each engine. SQLite's file keeps the names its migrations had before
    /// PostgreSQL's tables were written (`variables` became `modbus_variables`, …), so that a
    /// file of an earlier version is brought up to date.
    static func migrations(_ dialect: SQLDialect) -> [SQLMigration] {
        let common = [
            // The digits after the point its numbers are written with (`ValueEncoding.shownDecimals`).
            SQLMigration("variable decimals", ["ALTER TABLE modbus_variables ADD COLUMN decimals INTEGER"]),
            // Which server records each device, where it polls it and with which map (`claim`).
            SQLMigration("device owners", ["""
                CREATE TABLE modbus_devices (
                    device TEXT PRIMARY KEY,
                    owner TEXT NOT NULL,
                    source TEXT NOT NULL,
                    map TEXT NOT NULL
                )
                """]),
        ]
        // How often each device's recorder polls it, and since when it has not answered, and
        // why: for the other servers' pages (`recorder(of:)`).
        let later = [
            SQLMigration("device states", [
                "ALTER TABLE modbus_devices ADD COLUMN interval_ms BIGINT",
                "ALTER TABLE modbus_devices ADD COLUMN down_since BIGINT",
                "ALTER TABLE modbus_devices ADD COLUMN down_reason TEXT",
            ]),
        ]
        // The alarms' letters (`AlarmLetters`), sent by the one sender.
        let mail = [SQLMailOutbox.migration(dialect)]
        switch dialect {
        case .sqlite: return sqlite + common + mail + later
        case .postgres: return postgres + common + mail + later
        }
    }

    private static let sqlite: [SQLMigration] = [
        SQLMigration("samples and minutes", [
            """
            CREATE TABLE variables (
                id INTEGER PRIMARY KEY,
                register TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                unit TEXT NOT NULL,
                position INTEGER NOT NULL
            )
            """,
            // Times are milliseconds since 1970 (UTC); a NULL value is a failed read.
            """
            CREATE TABLE samples (
                variable INTEGER NOT NULL REFERENCES variables(id),
                time INTEGER NOT NULL,
                value REAL,
                PRIMARY KEY (variable, time)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE minutes (
                variable INTEGER NOT NULL REFERENCES variables(id),
                minute INTEGER NOT NULL,
                minimum REAL NOT NULL,
                maximum REAL NOT NULL,
                mean REAL NOT NULL,
                last REAL NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (variable, minute)
            ) WITHOUT ROWID
            """,
        ]),
        // Each device of a plant its variables: what was kept before is the lone device's.
        SQLMigration("devices", [
            """
            CREATE TABLE devices_variables (
                id INTEGER PRIMARY KEY,
                device TEXT NOT NULL,
                register TEXT NOT NULL,
                name TEXT NOT NULL,
                unit TEXT NOT NULL,
                position INTEGER NOT NULL,
                UNIQUE (device, register)
            )
            """,
            """
            INSERT INTO devices_variables (id, device, register, name, unit, position)
                SELECT id, \(PlantDevice.loneName), register, name, unit, position FROM variables
            """,
            "DROP TABLE variables",
            "ALTER TABLE devices_variables RENAME TO variables",
        ]),
        // The audit log of writes.
        SQLMigration("writes", [
            """
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
            )
            """,
            "CREATE INDEX writes_by_device ON writes (device, id)",
        ]),
        // Alarms raised and cleared, kept with the history.
        SQLMigration("alarms", [
            """
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
            )
            """,
            "CREATE INDEX alarms_by_device ON alarms (device, time)",
        ]),
        // The names PostgreSQL's tables have, so that one store's statements run on both.
        SQLMigration("modbus table names", ["variables", "samples", "minutes", "writes", "alarms"].map { table in
            SQL(stringLiteral: "ALTER TABLE \(table) RENAME TO modbus_\(table)")
        }),
    ]

    private static let postgres: [SQLMigration] = [
        SQLMigration("modbus history", [
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
    ]
}
