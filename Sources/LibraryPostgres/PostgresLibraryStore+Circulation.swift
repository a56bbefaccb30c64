import Foundation
import Library
import Tagged
import Logging
import PostgresNIO

/// Patrons, holds and the circulation of books. An action locks its book's row (and its
/// patron's) for its transaction: actions on one book take turns, so its queue is in the order
/// they reached the database, and a patron's books out are counted by one action at a time.
extension PostgresLibraryStore {
    public func circulate(book id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?) async throws -> CirculationOutcome {
        try await translating {
            try await opening(request.date, of: id) {
                try await transaction { connection in
                    try await Self.circulate(id, request, expectedVersion: expectedVersion, on: connection, logger: logger)
                }
            }
        }
    }

    static func circulate(_ id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?, on connection: PostgresConnection,
                          logger: Logger) async throws -> CirculationOutcome {
        let book = try await lockedBook(id: id, on: connection, logger: logger)
        if let expectedVersion, expectedVersion != book.version { throw LibraryError.versionMismatch(id: id, current: book.version) }
        var patron: Patron?, loans = 0
        if let reference = request.patron {
            let found = try await resolve(reference, on: connection, logger: logger)
            _ = try await connection.query("SELECT id FROM patrons WHERE id = \(found.id.rawValue) FOR UPDATE", logger: logger).collect()
            for try await count in try await connection.query("""
                SELECT count(*) FROM loans WHERE patron_id = \(found.id.rawValue) AND returned IS NULL
                """, logger: logger).decode(Int.self) { loans = count }
            patron = found
        }
        let queue = try await holds(on: connection, logger: logger, "WHERE h.book_id = \(id.rawValue) AND h.state IN ('waiting', 'ready') ORDER BY h.id")
        let state = CirculationState(book: book, queue: queue, patron: patron, patronLoans: loans, now: request.date)
        let change = try request.rule(state)
        if change.isEmpty { return CirculationOutcome(book: book, queue: queue) }
        let now = request.date
        if change.close {
            try await connection.query("UPDATE loans SET returned = \(now) WHERE book_id = \(id.rawValue) AND returned IS NULL", logger: logger)
        }
        if let renewal = change.renewal {
            try await connection.query("UPDATE loans SET due = \(renewal), renewals = renewals + 1 WHERE book_id = \(id.rawValue) AND returned IS NULL",
                                       logger: logger)
        }
        for hold in change.holds {
            try await connection.query("""
                UPDATE holds SET state = \(hold.state.rawValue), ready_at = \(hold.readyAt), expires = \(hold.expires), ended = \(hold.ended)
                WHERE id = \(hold.id.rawValue) AND book_id = \(id.rawValue)
                """, logger: logger)
        }
        if let checkout = change.open {
            // The unique index refuses a second open loan of the book, whatever the rule said.
            try await connection.query("""
                INSERT INTO loans (book_id, borrower, patron_id, checked_out, due)
                VALUES (\(id.rawValue), \(checkout.borrower), \(checkout.patronID?.rawValue), \(checkout.date), \(checkout.due))
                """, logger: logger)
            try await connection.query("""
                UPDATE books SET last_checked_out = \(checkout.date), last_checked_out_by = \(checkout.borrower) WHERE id = \(id.rawValue)
                """, logger: logger)
        }
        var placed: Hold?
        if let hold = change.place {
            let rows = try await connection.query("""
                INSERT INTO holds (book_id, patron_id, placed, state, ready_at, expires)
                VALUES (\(id.rawValue), \(hold.patronID.rawValue), \(hold.placed), \(hold.state.rawValue), \(hold.readyAt), \(hold.expires)) RETURNING id
                """, logger: logger)
            for try await holdID in rows.decode(Int64.self) {
                placed = hold
                placed?.id = Hold.ID(rawValue: holdID)
            }
        }
        try await connection.query("UPDATE books SET version = version + 1 WHERE id = \(id.rawValue)", logger: logger)
        let after = try await holds(on: connection, logger: logger, "WHERE h.book_id = \(id.rawValue) AND h.state IN ('waiting', 'ready') ORDER BY h.id")
        return CirculationOutcome(book: try await indexed(existingBook(id: id, on: connection, logger: logger), on: connection, logger: logger),
                                  queue: after, placed: placed, setAside: CirculationOutcome.newlyReady(after, before: queue))
    }

    public func holds(_ selection: HoldSelection) async throws -> [Hold] {
        try await translating {
            try await client.withConnection { connection in
                switch selection {
                case .queue(let id):
                    try await Self.holds(on: connection, logger: logger, "WHERE h.book_id = \(id.rawValue) AND h.state IN ('waiting', 'ready') ORDER BY h.id")
                case .patron(let id):
                    try await Self.holds(on: connection, logger: logger, "WHERE h.patron_id = \(id.rawValue) ORDER BY h.id DESC")
                case .ready:
                    try await Self.holds(on: connection, logger: logger, "WHERE h.state = 'ready' ORDER BY h.ready_at, h.id")
                }
            }
        }
    }

    static func holds(on connection: PostgresConnection, logger: Logger, _ condition: PostgresQuery) async throws -> [Hold] {
        var query: PostgresQuery = "SELECT h.id, h.book_id, h.patron_id, p.name, h.placed, h.state, h.ready_at, h.expires, h.ended FROM holds h JOIN patrons p ON p.id = h.patron_id "
        query.sql += condition.sql
        query.binds = condition.binds
        var holds: [Hold] = []
        let columns = (Int64, Int64, Int64, String, Date, String, Date?, Date?, Date?).self
        for try await (id, book, patron, name, placed, state, readyAt, expires, ended) in try await connection.query(query, logger: logger).decode(columns) {
            holds.append(Hold(id: Hold.ID(rawValue: id), bookID: Book.ID(rawValue: book), patronID: Patron.ID(rawValue: patron), patronName: name, placed: placed,
                              state: Hold.State(rawValue: state) ?? .cancelled, readyAt: readyAt, expires: expires, ended: ended))
        }
        return holds
    }

    // MARK: Patrons

    public func insertPatron(_ fields: PatronFields) async throws -> Patron {
        try await translating {
            try await refusingTakenCard(fields.card) {
                try await transaction { connection in try await Self.insertPatron(fields, on: connection, logger: logger) }
            }
        }
    }

    static func insertPatron(_ fields: PatronFields, on connection: PostgresConnection, logger: Logger) async throws -> Patron {
        let rows = try await connection.query("""
            INSERT INTO patrons (name, name_key, card, email, phone, notes, reminders_off, words)
            VALUES (\(fields.name), \(PatronSearch.key(of: fields.name)), \(fields.card), \(fields.email), \(fields.phone), \(fields.notes), \(fields.remindersOff),
                    \(PatronSearch.words(of: fields)))
            RETURNING \(unescaped: patronColumns)
            """, logger: logger)
        for try await row in rows { return try patron(row) }
        throw LibraryError.patronNotFound(id: 0)
    }

    public func updatePatron(id: Patron.ID, _ fields: PatronFields, expectedVersion: Int?) async throws -> Patron {
        try await translating {
            try await refusingTakenCard(fields.card) {
                try await transaction { connection in
                    let current = try await Self.existingPatron(id, on: connection, logger: logger, locked: true)
                    if let expectedVersion, expectedVersion != current.version { throw LibraryError.patronChanged(id: id, current: current.version) }
                    let rows = try await connection.query("""
                        UPDATE patrons SET name = \(fields.name), name_key = \(PatronSearch.key(of: fields.name)), card = \(fields.card), email = \(fields.email),
                            phone = \(fields.phone), notes = \(fields.notes), reminders_off = \(fields.remindersOff), words = \(PatronSearch.words(of: fields)),
                            version = version + 1
                        WHERE id = \(id.rawValue) RETURNING \(unescaped: Self.patronColumns)
                        """, logger: logger)
                    for try await row in rows { return try Self.patron(row) }
                    throw LibraryError.patronNotFound(id: id)
                }
            }
        }
    }

    public func patron(_ reference: PatronReference) async throws -> Patron? {
        try await translating {
            try await client.withConnection { connection in try await Self.find(reference, on: connection, logger: logger) }
        }
    }

    public func patrons(search: String, limit: Int, offset: Int) async throws -> [Patron] {
        // The terms hold only letters and digits: no LIKE wildcard can be among them.
        let patterns = PatronSearch.terms(of: search).map { "%\($0)%" }
        return try await translating {
            let rows = try await client.query("""
                SELECT \(unescaped: Self.patronColumns) FROM patrons WHERE words LIKE ALL (\(patterns)::text[])
                ORDER BY name_key, id LIMIT \(limit) OFFSET \(offset)
                """, logger: logger)
            var patrons: [Patron] = []
            for try await row in rows { patrons.append(try Self.patron(row)) }
            return patrons
        }
    }

    public func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron {
        try await translating {
            try await transaction { connection in
                // Both locked, the lower id first, as every action that locks two patrons does.
                for id in [kept, merged].sorted(by: { $0.rawValue < $1.rawValue }) {
                    _ = try await Self.existingPatron(id, on: connection, logger: logger, locked: true)
                }
                guard kept != merged else { return try await Self.existingPatron(kept, on: connection, logger: logger) }
                // Of two holds of one book, the later leaves the queue.
                try await connection.query("""
                    UPDATE holds SET state = 'cancelled', ended = placed WHERE state IN ('waiting', 'ready') AND id IN (
                        SELECT later.id FROM holds earlier JOIN holds later ON later.book_id = earlier.book_id AND later.id > earlier.id
                        WHERE earlier.patron_id IN (\(kept.rawValue), \(merged.rawValue)) AND later.patron_id IN (\(kept.rawValue), \(merged.rawValue))
                          AND earlier.patron_id <> later.patron_id
                          AND earlier.state IN ('waiting', 'ready') AND later.state IN ('waiting', 'ready'))
                    """, logger: logger)
                try await connection.query("UPDATE holds SET patron_id = \(kept.rawValue) WHERE patron_id = \(merged.rawValue)", logger: logger)
                try await connection.query("UPDATE loans SET patron_id = \(kept.rawValue) WHERE patron_id = \(merged.rawValue)", logger: logger)
                try await connection.query("UPDATE reminder_outbox SET patron_id = \(kept.rawValue) WHERE patron_id = \(merged.rawValue)", logger: logger)
                try await connection.query("DELETE FROM patrons WHERE id = \(merged.rawValue)", logger: logger)
                try await connection.query("UPDATE patrons SET version = version + 1 WHERE id = \(kept.rawValue)", logger: logger)
                return try await Self.existingPatron(kept, on: connection, logger: logger)
            }
        }
    }

    /// The patron `reference` names; one of a name that none has is made, once even when two
    /// actions name it at once (they take turns on a lock of the name).
    static func resolve(_ reference: PatronReference, on connection: PostgresConnection, logger: Logger) async throws -> Patron {
        if case .name(let name) = reference {
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(PatronSearch.key(of: name))))", logger: logger)
        } else if case .cardOrName(let name) = reference {
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(PatronSearch.key(of: name))))", logger: logger)
        }
        if let found = try await find(reference, on: connection, logger: logger) { return found }
        switch reference {
        case .id(let id): throw LibraryError.patronNotFound(id: id)
        case .card(let card): throw LibraryError.cardNotFound(card: card)
        case .name(let name), .cardOrName(let name): return try await insertPatron(PatronFields(name: name), on: connection, logger: logger)
        }
    }

    private static func find(_ reference: PatronReference, on connection: PostgresConnection, logger: Logger) async throws -> Patron? {
        let query: PostgresQuery = switch reference {
        case .id(let id): "SELECT \(unescaped: patronColumns) FROM patrons WHERE id = \(id.rawValue)"
        case .card(let card): "SELECT \(unescaped: patronColumns) FROM patrons WHERE lower(card) = lower(\(card))"
        case .name(let name): "SELECT \(unescaped: patronColumns) FROM patrons WHERE name_key = \(PatronSearch.key(of: name)) ORDER BY id LIMIT 1"
        case .cardOrName(let text):
            """
            SELECT \(unescaped: patronColumns) FROM patrons WHERE lower(card) = lower(\(text)) OR name_key = \(PatronSearch.key(of: text))
            ORDER BY (lower(card) = lower(\(text))) IS TRUE DESC, id LIMIT 1
            """
        }
        for try await row in try await connection.query(query, logger: logger) { return try patron(row) }
        return nil
    }

    private static func existingPatron(_ id: Patron.ID, on connection: PostgresConnection, logger: Logger, locked: Bool = false) async throws -> Patron {
        if locked { _ = try await connection.query("SELECT id FROM patrons WHERE id = \(id.rawValue) FOR UPDATE", logger: logger).collect() }
        guard let patron = try await find(.id(id), on: connection, logger: logger) else { throw LibraryError.patronNotFound(id: id) }
        return patron
    }

    /// Runs `body`; a card another patron has is refused, naming the patron.
    private func refusingTakenCard<T>(_ card: String?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.uniqueViolation.raw && error.serverInfo?[.constraintName] == "patrons_card" {
            guard let card, let other = try await patron(.card(card)) else { throw error }
            throw LibraryError.cardTaken(card: card, by: other.id)
        }
    }

    static let patronColumns = "id, name, card, email, phone, notes, reminders_off, version"

    static func patron(_ row: PostgresRow) throws -> Patron {
        let (id, name, card, email, phone, notes, remindersOff, version) = try row.decode((Int64, String, String?, String?, String?, String?, Bool, Int).self)
        return Patron(id: Patron.ID(rawValue: id), name: name, card: card, email: email, phone: phone, notes: notes, remindersOff: remindersOff, version: version)
    }
}
