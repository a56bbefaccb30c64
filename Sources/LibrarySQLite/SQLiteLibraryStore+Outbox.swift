import Foundation
import GRDB
import Library
import Tagged

/// The reminders' outbox in the library's file. SQLite runs one write transaction at a time,
/// so a claim, which reads the letters due and marks them in one transaction, cannot be made
/// twice by two stores on the file.
extension SQLiteLibraryStore {
    public func reminderSources(dueBefore: Date) async throws -> ReminderSources {
        try await read { db in
            let loans = try Self.loans(in: db, "SELECT * FROM loans WHERE returned IS NULL AND due < ? AND patron_id IS NOT NULL ORDER BY due, id", [dueBefore])
            let holds = try Self.holds(in: db, "WHERE h.state = 'ready' ORDER BY h.ready_at, h.id", [])
            let recipients = try Int64.fetchAll(db, sql: """
                SELECT id FROM patrons WHERE email IS NOT NULL AND reminders_off = 0 AND id IN (
                    SELECT patron_id FROM loans WHERE returned IS NULL AND due < ? UNION SELECT patron_id FROM holds WHERE state = 'ready')
                """, arguments: [dueBefore])
            return ReminderSources(loans: loans, holds: holds, recipients: Set(recipients.map(Patron.ID.init(rawValue:))))
        }
    }

    public func kept(_ keys: [String]) async throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        return try await read { db in
            Set(try String.fetchAll(db, sql: "SELECT key FROM reminder_outbox WHERE key IN (SELECT value FROM json_each(?))",
                                    arguments: [String(decoding: try JSONEncoder().encode(keys), as: UTF8.self)]))
        }
    }

    public func enqueue(_ letters: [ReminderLetter], at now: Date) async throws -> Int {
        guard !letters.isEmpty else { return 0 }
        return try await write { db in
            var added = 0
            for letter in letters {
                let reminder = letter.reminder
                try db.execute(sql: """
                    INSERT INTO reminder_outbox (key, kind, patron_id, book_id, loan_id, hold_id, due, recipient, recipient_name, subject, body, queued, next_attempt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING
                    """, arguments: [reminder.key, reminder.kind.name, reminder.patronID.rawValue, reminder.bookID.rawValue, reminder.loanID?.rawValue,
                                     reminder.holdID?.rawValue, reminder.due, letter.recipient, letter.recipientName, letter.subject, letter.body, now, now])
                added += db.changesCount
            }
            return added
        }
    }

    public func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [OutboxMessage] {
        try await write { db in
            try db.execute(sql: """
                UPDATE reminder_outbox SET state = 'withdrawn', ended = ?, lease_until = NULL, last_error = CASE
                    WHEN loan_id IN (SELECT id FROM loans WHERE returned IS NOT NULL) THEN 'the book came back'
                    WHEN hold_id IN (SELECT id FROM holds WHERE state <> 'ready') THEN 'the hold left the queue'
                    WHEN patron_id IN (SELECT id FROM patrons WHERE reminders_off <> 0) THEN 'the patron turned reminders off'
                    ELSE 'the patron has no email address now' END
                WHERE state = 'queued' AND (loan_id IN (SELECT id FROM loans WHERE returned IS NOT NULL)
                    OR hold_id IN (SELECT id FROM holds WHERE state <> 'ready')
                    OR patron_id IN (SELECT id FROM patrons WHERE reminders_off <> 0 OR email IS NULL))
                """, arguments: [now])
            let ids = try Int64.fetchAll(db, sql: """
                SELECT id FROM reminder_outbox WHERE state = 'queued' AND next_attempt <= ? AND (lease_until IS NULL OR lease_until <= ?)
                ORDER BY next_attempt, id LIMIT ?
                """, arguments: [now, now, limit])
            guard !ids.isEmpty else { return [] }
            try db.execute(literal: "UPDATE reminder_outbox SET lease_until = \(lease), claimed_by = \(sender), attempts = attempts + 1 WHERE id IN \(ids)")
            return try Self.outbox(in: db, literal: "WHERE id IN \(ids) ORDER BY next_attempt, id")
        }
    }

    public func record(_ outcome: OutboxOutcome, of id: OutboxMessage.ID, sender: String) async throws {
        try await write { db in
            let mine = "id = ? AND claimed_by = ? AND state = 'queued'"
            switch outcome {
            case .sent(let at):
                try db.execute(sql: "UPDATE reminder_outbox SET state = 'sent', ended = ?, lease_until = NULL, last_error = NULL WHERE " + mine,
                               arguments: [at, id.rawValue, sender])
            case .retry(_, let retry, let error):
                try db.execute(sql: "UPDATE reminder_outbox SET next_attempt = ?, lease_until = NULL, last_error = ? WHERE " + mine,
                               arguments: [retry, error, id.rawValue, sender])
            case .failed(let at, let error):
                try db.execute(sql: "UPDATE reminder_outbox SET state = 'failed', ended = ?, lease_until = NULL, last_error = ? WHERE " + mine,
                               arguments: [at, error, id.rawValue, sender])
            }
        }
    }

    public func outbox(_ state: OutboxMessage.State?, limit: Int, offset: Int) async throws -> [OutboxMessage] {
        try await read { db in
            if let state {
                try Self.outbox(in: db, literal: "WHERE state = \(state.rawValue) ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)")
            } else {
                try Self.outbox(in: db, literal: "ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)")
            }
        }
    }

    public func outboxCounts() async throws -> [OutboxMessage.State: Int] {
        try await read { db in
            var counts: [OutboxMessage.State: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT state, count(*) AS n FROM reminder_outbox GROUP BY state") {
                if let state = OutboxMessage.State(rawValue: row["state"]) { counts[state] = row["n"] }
            }
            return counts
        }
    }

    private static func outbox(in db: Database, literal condition: SQL) throws -> [OutboxMessage] {
        try SQLRequest<Row>(literal: "SELECT * FROM reminder_outbox " + condition).fetchAll(db).map { row in
            let reminder = Reminder(kind: Reminder.Kind(name: row["kind"]) ?? .dueSoon, patronID: Patron.ID(rawValue: row["patron_id"]), bookID: Book.ID(rawValue: row["book_id"]),
                                    loanID: (row["loan_id"] as Int64?).map(Loan.ID.init(rawValue:)), holdID: (row["hold_id"] as Int64?).map(Hold.ID.init(rawValue:)),
                                    due: row["due"], key: row["key"])
            return OutboxMessage(id: OutboxMessage.ID(rawValue: row["id"]),
                                 letter: ReminderLetter(reminder: reminder, recipient: row["recipient"], recipientName: row["recipient_name"], subject: row["subject"], body: row["body"]),
                                 state: OutboxMessage.State(rawValue: row["state"]) ?? .failed, attempts: row["attempts"], queued: row["queued"],
                                 nextAttempt: row["next_attempt"], ended: row["ended"], lastError: row["last_error"])
        }
    }
}
