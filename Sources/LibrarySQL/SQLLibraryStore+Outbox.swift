import Foundation
import Library
import ListorKit
import ListorSQL
import Tagged

/// The reminders' outbox in the library's database: its letters are claimed and sent as every
/// app's mail is (`SQLMailOutbox`), and withdrawn when they stopped being true.
extension SQLLibraryStore {
    public func reminderSources(dueBefore: Date) async throws -> ReminderSources {
        try await read { db in
            let loans = try Self.loans("""
                SELECT \(Self.loanColumns) FROM loans WHERE returned IS NULL AND due < \(dueBefore) AND patron_id IS NOT NULL ORDER BY due, id
                """, in: db)
            let holds = try Self.holds("WHERE h.state = 'ready' ORDER BY h.ready_at, h.id", in: db)
            let recipients = try db.rows("""
                SELECT id FROM patrons WHERE email IS NOT NULL AND reminders_off = \(false) AND id IN (
                    SELECT patron_id FROM loans WHERE returned IS NULL AND due < \(dueBefore) UNION SELECT patron_id FROM holds WHERE state = 'ready')
                """).map { row in Patron.ID(rawValue: try row[0]) }
            return ReminderSources(loans: loans, holds: holds, recipients: Set(recipients))
        }
    }

    public func overdueLettersSent(about loans: [Loan.ID]) async throws -> [Loan.ID: Int] {
        guard !loans.isEmpty else { return [:] }
        return try await read { db in
            var sent: [Loan.ID: Int] = [:]
            for start in stride(from: 0, to: loans.count, by: Self.batch) {
                for row in try db.rows("""
                    SELECT loan_id, COUNT(*) FROM reminder_outbox
                    WHERE state = \(OutboxMessage.State.sent.rawValue) AND kind LIKE 'overdue-%'
                      AND loan_id IN \(list: loans[start..<min(start + Self.batch, loans.count)].map(\.rawValue))
                    GROUP BY loan_id
                    """) {
                    sent[Loan.ID(try row[0])] = try row[1]
                }
            }
            return sent
        }
    }

    public func kept(_ keys: [String]) async throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        return try await read { db in
            var kept: Set<String> = []
            // In batches: an engine binds some thousands of values a statement at most.
            for start in stride(from: 0, to: keys.count, by: Self.batch) {
                for row in try db.rows("SELECT key FROM reminder_outbox WHERE key IN \(list: keys[start..<min(start + Self.batch, keys.count)])") {
                    kept.insert(try row[0])
                }
            }
            return kept
        }
    }

    /// Rows a statement takes at most.
    private static let batch = 500

    public func enqueue(_ letters: [ReminderLetter], at now: Date) async throws -> Int {
        guard !letters.isEmpty else { return 0 }
        // A statement a batch: most of a round's letters are kept already, and a round trip for
        // each made a round of a few hundred take a tenth of a second.
        return try await write { db in
            var added = 0
            for start in stride(from: 0, to: letters.count, by: Self.batch) {
                let values = letters[start..<min(start + Self.batch, letters.count)].map { letter -> SQL in
                    let reminder = letter.reminder
                    return """
                        (\(reminder.key), \(reminder.kind.name), \(reminder.patronID.rawValue), \(reminder.bookID.rawValue), \(reminder.loanID?.rawValue), \
                        \(reminder.holdID?.rawValue), \(reminder.due), \(letter.recipient), \(letter.recipientName), \(letter.subject), \(letter.body), \
                        \(QueuedMail.newMessageID()), \(now), \(now))
                        """
                }
                added += try db.execute("""
                    INSERT INTO reminder_outbox (key, kind, patron_id, book_id, loan_id, hold_id, due, recipient, recipient_name, subject, body, message_id, queued, next_attempt)
                    VALUES \(SQL(joining: values, separator: ", ")) ON CONFLICT (key) DO NOTHING
                    """)
            }
            return added
        }
    }

    /// Withdraws the queued letters that stopped being true, then claims as every outbox does.
    public func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [QueuedMail] {
        // Two transactions: withdrawing is the same whoever does it, and a claim waits for no one.
        try await write { db in
            let returned: SQL = "loan_id IN (SELECT id FROM loans WHERE returned IS NOT NULL)"
            let holdLeft: SQL = "hold_id IN (SELECT id FROM holds WHERE state <> 'ready')"
            let remindersOff: SQL = "patron_id IN (SELECT id FROM patrons WHERE reminders_off = \(true))"
            try db.execute("""
                UPDATE reminder_outbox SET state = 'withdrawn', ended = \(now), lease_until = NULL, last_error = CASE
                    WHEN \(returned) THEN \(OutboxMessage.Withdrawal.bookReturned.rawValue)
                    WHEN \(holdLeft) THEN \(OutboxMessage.Withdrawal.holdLeftQueue.rawValue)
                    WHEN \(remindersOff) THEN \(OutboxMessage.Withdrawal.remindersOff.rawValue)
                    ELSE \(OutboxMessage.Withdrawal.noEmail.rawValue) END
                WHERE state = 'queued' AND (\(returned) OR \(holdLeft) OR \(remindersOff) OR patron_id IN (SELECT id FROM patrons WHERE email IS NULL))
                """)
        }
        return try await mail.claim(limit: limit, now: now, lease: lease, sender: sender)
    }

    public func record(_ outcome: OutboxOutcome, of id: Int64, sender: String) async throws {
        try await mail.record(outcome, of: id, sender: sender)
    }

    /// The letters as every outbox keeps its messages.
    private var mail: SQLMailOutbox { SQLMailOutbox(database: database, table: .reminders) }

    public func outbox(_ state: OutboxMessage.State?, limit: Int, offset: Int) async throws -> [OutboxMessage] {
        let condition: SQL = state.map { "WHERE state = \($0.rawValue)" } ?? ""
        return try await read { db in
            try db.rows("SELECT \(Self.outboxColumns) FROM reminder_outbox \(condition) ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)").map(Self.message)
        }
    }

    public func outboxCounts() async throws -> [OutboxMessage.State: Int] {
        try await read { db in
            var counts: [OutboxMessage.State: Int] = [:]
            for row in try db.rows("SELECT state, count(*) FROM reminder_outbox GROUP BY state") {
                if let state = OutboxMessage.State(rawValue: try row[0]) { counts[state] = try row[1] }
            }
            return counts
        }
    }

    private static let outboxColumns: SQL = """
        id, key, kind, patron_id, book_id, loan_id, hold_id, due, recipient, recipient_name, subject, body, state, attempts, queued, next_attempt, ended, last_error, \
        message_id
        """

    private static func message(_ row: SQLRow) throws -> OutboxMessage {
        let reminder = try Reminder(kind: Reminder.Kind(name: row[2]) ?? .dueSoon, patronID: Patron.ID(rawValue: row[3]), bookID: Book.ID(rawValue: row[4]),
                                    loanID: (row[5] as Int64?).map(Loan.ID.init(rawValue:)), holdID: (row[6] as Int64?).map(Hold.ID.init(rawValue:)),
                                    due: row[7], key: row[1])
        return try OutboxMessage(id: OutboxMessage.ID(rawValue: row[0]),
                                 letter: ReminderLetter(reminder: reminder, recipient: row[8], recipientName: row[9], subject: row[10], body: row[11]),
                                 state: OutboxMessage.State(rawValue: row[12]) ?? .failed, attempts: row[13], queued: row[14], nextAttempt: row[15],
                                 ended: row[16], lastError: row[17], messageID: row[18])
    }
}
