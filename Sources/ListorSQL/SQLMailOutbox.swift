import Foundation
import ListorKit

/// An app's mail outbox in its database, written once for both engines: messages are put in by
/// the transaction that makes them true (`enqueue(_:at:in:)`), and `OutboxSender` claims and
/// sends them. A claim marks the messages due in one statement: on SQLite one write transaction
/// runs at a time, and on PostgreSQL `FOR UPDATE SKIP LOCKED` lets senders on several nodes
/// claiming at once each take other messages, none waiting for another.
public struct SQLMailOutbox: MailOutbox {
    /// The outbox tables there are: the apps' mail, and the library's reminders (whose rows also
    /// say which loan or hold each letter is about).
    public enum Table: String, Sendable {
        case mail = "mail_outbox"
        case reminders = "reminder_outbox"

        var name: SQL { SQL(stringLiteral: rawValue) }
    }

    public let database: any SQLDatabase
    public let table: Table

    public init(database: any SQLDatabase, table: Table = .mail) {
        self.database = database
        self.table = table
    }

    /// The migration that makes the `mail_outbox` table: every store with mail has it.
    public static func migration(_ dialect: SQLDialect) -> SQLMigration {
        let (id, time) = dialect == .postgres ? ("BIGSERIAL PRIMARY KEY", "TIMESTAMPTZ") : ("INTEGER PRIMARY KEY AUTOINCREMENT", "DATETIME")
        return SQLMigration("mail outbox", script: """
            CREATE TABLE mail_outbox (
                id \(id),
                key TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                recipient TEXT NOT NULL,
                recipient_name TEXT NOT NULL,
                subject TEXT NOT NULL,
                body TEXT NOT NULL,
                message_id TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'queued',
                attempts INTEGER NOT NULL DEFAULT 0,
                queued \(time) NOT NULL,
                next_attempt \(time) NOT NULL,
                lease_until \(time),
                claimed_by TEXT,
                ended \(time),
                last_error TEXT
            );
            CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt, id) WHERE state = 'queued'
            """)
    }

    /// Puts `mails` in the `mail_outbox` table, in the caller's transaction, to be sent from
    /// `now`: those whose key it has already are left as they are. Answers how many were new.
    @discardableResult
    public static func enqueue(_ mails: [OutgoingMail], at now: Date, in db: any SQLConnection) throws -> Int {
        var added = 0
        for mail in mails {
            added += try db.execute("""
                INSERT INTO mail_outbox (key, kind, recipient, recipient_name, subject, body, message_id, queued, next_attempt)
                VALUES (\(mail.key), \(mail.kind), \(mail.recipient), \(mail.recipientName), \(mail.subject), \(mail.body), \(QueuedMail.newMessageID()), \(now), \(now))
                ON CONFLICT (key) DO NOTHING
                """)
        }
        return added
    }

    public func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [QueuedMail] {
        let table = table.name
        return try await database.write { db in
            let skipLocked: SQL = db.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
            return try db.rows("""
                UPDATE \(table) SET lease_until = \(lease), claimed_by = \(sender), attempts = attempts + 1 WHERE id IN (
                    SELECT id FROM \(table) WHERE state = 'queued' AND next_attempt <= \(now) AND (lease_until IS NULL OR lease_until <= \(now))
                    ORDER BY next_attempt, id LIMIT \(limit)\(skipLocked))
                RETURNING \(Self.columns)
                """).map(Self.message).sorted { ($0.nextAttempt, $0.id) < ($1.nextAttempt, $1.id) }
        }
    }

    public func record(_ outcome: OutboxOutcome, of id: Int64, sender: String) async throws {
        let change: SQL = switch outcome {
        case .sent(let at): "state = 'sent', ended = \(at), lease_until = NULL, last_error = NULL"
        case .retry(_, let retry, let error): "next_attempt = \(retry), lease_until = NULL, last_error = \(error)"
        case .failed(let at, let error): "state = 'failed', ended = \(at), lease_until = NULL, last_error = \(error)"
        }
        let table = table.name
        _ = try await database.write { db in
            try db.execute("UPDATE \(table) SET \(change) WHERE id = \(id) AND claimed_by = \(sender) AND state = 'queued'")
        }
    }

    /// The messages whose keys start with `prefix`, oldest first: what was sent about one order.
    public func messages(keyPrefix prefix: String) async throws -> [QueuedMail] {
        let table = table.name
        let pattern = prefix.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        return try await database.read { db in
            try db.rows("SELECT \(Self.columns) FROM \(table) WHERE key LIKE \(pattern) ESCAPE '\\' ORDER BY id").map(Self.message)
        }
    }

    /// How many messages are in each state.
    public func counts() async throws -> [QueuedMail.State: Int] {
        let table = table.name
        return try await database.read { db in
            var counts: [QueuedMail.State: Int] = [:]
            for row in try db.rows("SELECT state, count(*) FROM \(table) GROUP BY state") {
                if let state = QueuedMail.State(rawValue: try row[0]) { counts[state] = try row[1] }
            }
            return counts
        }
    }

    private static let columns: SQL = "id, key, kind, recipient, recipient_name, subject, body, message_id, state, attempts, queued, next_attempt, ended, last_error"

    private static func message(_ row: SQLRow) throws -> QueuedMail {
        try QueuedMail(id: row[0], mail: OutgoingMail(key: row[1], kind: row[2], recipient: row[3], recipientName: row[4], subject: row[5], body: row[6]),
                       messageID: row[7], state: QueuedMail.State(rawValue: row[8]) ?? .failed, attempts: row[9], queued: row[10], nextAttempt: row[11],
                       ended: row[12], lastError: row[13])
    }
}
