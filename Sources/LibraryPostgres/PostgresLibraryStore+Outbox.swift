import Foundation
import Library
import Logging
import PostgresNIO
import Tagged

/// The reminders' outbox in the library's database. A claim takes the letters due with
/// `FOR UPDATE SKIP LOCKED`, so that senders on several nodes claiming at once each get other
/// letters, and none waits for another.
extension PostgresLibraryStore {
    public func reminderSources(dueBefore: Date) async throws -> ReminderSources {
        try await translating {
            try await client.withConnection { connection in
                let loans = try await Self.loans(try await connection.query("""
                    SELECT \(unescaped: Self.loanColumns) FROM loans WHERE returned IS NULL AND due < \(dueBefore) AND patron_id IS NOT NULL ORDER BY due, id
                    """, logger: logger))
                let holds = try await Self.holds(on: connection, logger: logger, "WHERE h.state = 'ready' ORDER BY h.ready_at, h.id")
                var recipients: Set<Patron.ID> = []
                for try await id in try await connection.query("""
                    SELECT id FROM patrons WHERE email IS NOT NULL AND NOT reminders_off AND id IN (
                        SELECT patron_id FROM loans WHERE returned IS NULL AND due < \(dueBefore) UNION SELECT patron_id FROM holds WHERE state = 'ready')
                    """, logger: logger).decode(Int64.self) {
                    recipients.insert(Patron.ID(rawValue: id))
                }
                return ReminderSources(loans: loans, holds: holds, recipients: recipients)
            }
        }
    }

    public func kept(_ keys: [String]) async throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        return try await translating {
            var kept: Set<String> = []
            for try await key in try await client.query("SELECT key FROM reminder_outbox WHERE key = ANY(\(keys))", logger: logger).decode(String.self) {
                kept.insert(key)
            }
            return kept
        }
    }

    public func enqueue(_ letters: [ReminderLetter], at now: Date) async throws -> Int {
        guard !letters.isEmpty else { return 0 }
        let reminders = letters.map(\.reminder)
        // One statement for the lot: most of a round's letters are kept already, and a round
        // trip for each made a round of a few hundred take a tenth of a second. Ids are never 0,
        // which stands for none.
        return try await translating {
            try await client.query("""
                INSERT INTO reminder_outbox (key, kind, patron_id, book_id, loan_id, hold_id, due, recipient, recipient_name, subject, body, queued, next_attempt)
                SELECT key, kind, patron_id, book_id, NULLIF(loan_id, 0), NULLIF(hold_id, 0), due, recipient, recipient_name, subject, body, \(now), \(now)
                FROM UNNEST(\(reminders.map(\.key))::text[], \(reminders.map(\.kind.name))::text[], \(reminders.map(\.patronID.rawValue))::bigint[],
                            \(reminders.map(\.bookID.rawValue))::bigint[], \(reminders.map { $0.loanID?.rawValue ?? 0 })::bigint[],
                            \(reminders.map { $0.holdID?.rawValue ?? 0 })::bigint[], \(reminders.map(\.due))::timestamptz[], \(letters.map(\.recipient))::text[],
                            \(letters.map(\.recipientName))::text[], \(letters.map(\.subject))::text[], \(letters.map(\.body))::text[])
                    AS letter(key, kind, patron_id, book_id, loan_id, hold_id, due, recipient, recipient_name, subject, body)
                ON CONFLICT (key) DO NOTHING RETURNING id
                """, logger: logger).collect().count
        }
    }

    public func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [OutboxMessage] {
        // Two statements, each atomic on its own: withdrawing is the same whoever does it, and
        // `SKIP LOCKED` lets senders claiming at once take other letters without waiting.
        try await translating {
            try await client.query("""
                UPDATE reminder_outbox SET state = 'withdrawn', ended = \(now), lease_until = NULL, last_error = CASE
                    WHEN loan_id IN (SELECT id FROM loans WHERE returned IS NOT NULL) THEN 'the book came back'
                    WHEN hold_id IN (SELECT id FROM holds WHERE state <> 'ready') THEN 'the hold left the queue'
                    WHEN patron_id IN (SELECT id FROM patrons WHERE reminders_off) THEN 'the patron turned reminders off'
                    ELSE 'the patron has no email address now' END
                WHERE state = 'queued' AND (loan_id IN (SELECT id FROM loans WHERE returned IS NOT NULL)
                    OR hold_id IN (SELECT id FROM holds WHERE state <> 'ready')
                    OR patron_id IN (SELECT id FROM patrons WHERE reminders_off OR email IS NULL))
                """, logger: logger)
            return try await Self.outbox(try await client.query("""
                UPDATE reminder_outbox SET lease_until = \(lease), claimed_by = \(sender), attempts = attempts + 1 WHERE id IN (
                    SELECT id FROM reminder_outbox WHERE state = 'queued' AND next_attempt <= \(now) AND (lease_until IS NULL OR lease_until <= \(now))
                    ORDER BY next_attempt, id LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                RETURNING \(unescaped: Self.outboxColumns)
                """, logger: logger)).sorted { ($0.nextAttempt, $0.id.rawValue) < ($1.nextAttempt, $1.id.rawValue) }
        }
    }

    public func record(_ outcome: OutboxOutcome, of id: OutboxMessage.ID, sender: String) async throws {
        try await translating {
            let query: PostgresQuery = switch outcome {
            case .sent(let at):
                """
                UPDATE reminder_outbox SET state = 'sent', ended = \(at), lease_until = NULL, last_error = NULL
                WHERE id = \(id.rawValue) AND claimed_by = \(sender) AND state = 'queued'
                """
            case .retry(_, let retry, let error):
                """
                UPDATE reminder_outbox SET next_attempt = \(retry), lease_until = NULL, last_error = \(error)
                WHERE id = \(id.rawValue) AND claimed_by = \(sender) AND state = 'queued'
                """
            case .failed(let at, let error):
                """
                UPDATE reminder_outbox SET state = 'failed', ended = \(at), lease_until = NULL, last_error = \(error)
                WHERE id = \(id.rawValue) AND claimed_by = \(sender) AND state = 'queued'
                """
            }
            try await client.query(query, logger: logger)
        }
    }

    public func outbox(_ state: OutboxMessage.State?, limit: Int, offset: Int) async throws -> [OutboxMessage] {
        try await translating {
            try await Self.outbox(try await client.query("""
                SELECT \(unescaped: Self.outboxColumns) FROM reminder_outbox WHERE \(state?.rawValue)::text IS NULL OR state = \(state?.rawValue)
                ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)
                """, logger: logger))
        }
    }

    public func outboxCounts() async throws -> [OutboxMessage.State: Int] {
        try await translating {
            var counts: [OutboxMessage.State: Int] = [:]
            for try await (state, count) in try await client.query("SELECT state, count(*) FROM reminder_outbox GROUP BY state", logger: logger).decode((String, Int).self) {
                if let state = OutboxMessage.State(rawValue: state) { counts[state] = count }
            }
            return counts
        }
    }

    private static let outboxColumns = """
        id, key, kind, patron_id, book_id, loan_id, hold_id, due, recipient, recipient_name, subject, body, state, attempts, queued, next_attempt, ended, last_error
        """

    private static func outbox(_ rows: PostgresRowSequence) async throws -> [OutboxMessage] {
        var messages: [OutboxMessage] = []
        for try await row in rows {
            let (id, key, kind, patron, book, loan, hold, due, recipient, name, subject, body, state, attempts, queued, nextAttempt, ended, lastError) = try row.decode(
                (Int64, String, String, Int64, Int64, Int64?, Int64?, Date, String, String, String, String, String, Int, Date, Date, Date?, String?).self)
            let reminder = Reminder(kind: Reminder.Kind(name: kind) ?? .dueSoon, patronID: Patron.ID(rawValue: patron), bookID: Book.ID(rawValue: book),
                                    loanID: loan.map(Loan.ID.init(rawValue:)), holdID: hold.map(Hold.ID.init(rawValue:)), due: due, key: key)
            messages.append(OutboxMessage(id: OutboxMessage.ID(rawValue: id),
                                          letter: ReminderLetter(reminder: reminder, recipient: recipient, recipientName: name, subject: subject, body: body),
                                          state: OutboxMessage.State(rawValue: state) ?? .failed, attempts: attempts, queued: queued, nextAttempt: nextAttempt,
                                          ended: ended, lastError: lastError))
        }
        return messages
    }
}
