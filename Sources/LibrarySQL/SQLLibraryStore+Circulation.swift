import Foundation
import Library
import ListorSQL
import Tagged

/// Patrons, holds and the circulation of books. The state a rule decides on cannot change before
/// its change is written: SQLite runs one write transaction at a time, and on PostgreSQL an action
/// locks its book's row (and its patron's), so that actions on one book take turns and its queue
/// is in the order they reached the database.
extension SQLLibraryStore {
    public func circulate(book id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?) async throws -> CirculationOutcome {
        try await write(refusing: .loan(id)) { db in try Self.circulate(id, request, expectedVersion: expectedVersion, in: db) }
    }

    static func circulate(_ id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?, in db: any SQLConnection) throws -> CirculationOutcome {
        let book = try lockedBook(id: id, in: db)
        if let expectedVersion, expectedVersion != book.version { throw LibraryError.versionMismatch(id: id, current: book.version) }
        var patron: Patron?, loans = 0
        if let reference = request.patron {
            let found = try resolve(reference, in: db)
            try lock("SELECT id FROM patrons WHERE id = \(found.id.rawValue)", in: db)
            loans = try db.value("SELECT count(*) FROM loans WHERE patron_id = \(found.id.rawValue) AND returned IS NULL", as: Int.self) ?? 0
            patron = found
        }
        let borrowerCategory: String? = try book.loan?.patronID.flatMap { try db.row("SELECT category FROM patrons WHERE id = \($0.rawValue)")?[0] }
        let state = CirculationState(book: book, queue: try queue(of: id, in: db), patron: patron, patronLoans: loans, borrowerCategory: borrowerCategory,
                                     now: request.date)
        let change = try request.rule(state)
        if change.isEmpty { return CirculationOutcome(book: book, queue: state.queue) }
        if change.close {
            try db.execute("UPDATE loans SET returned = \(request.date) WHERE book_id = \(id.rawValue) AND returned IS NULL")
        }
        if let renewal = change.renewal {
            try db.execute("UPDATE loans SET due = \(renewal), renewals = renewals + 1 WHERE book_id = \(id.rawValue) AND returned IS NULL")
        }
        for hold in change.holds {
            try db.execute("""
                UPDATE holds SET state = \(hold.state.rawValue), ready_at = \(hold.readyAt), expires = \(hold.expires), ended = \(hold.ended)
                WHERE id = \(hold.id.rawValue) AND book_id = \(id.rawValue)
                """)
        }
        if let checkout = change.open {
            // The unique index refuses a second open loan of the book, whatever the rule said.
            try db.execute("""
                INSERT INTO loans (book_id, borrower, patron_id, checked_out, due)
                VALUES (\(id.rawValue), \(checkout.borrower), \(checkout.patronID?.rawValue), \(checkout.date), \(checkout.due))
                """)
            try db.execute("UPDATE books SET last_checked_out = \(checkout.date), last_checked_out_by = \(checkout.borrower) WHERE id = \(id.rawValue)")
        }
        var placed: Hold?
        if var hold = change.place {
            hold.id = Hold.ID(rawValue: try db.value("""
                INSERT INTO holds (book_id, patron_id, placed, state, ready_at, expires)
                VALUES (\(id.rawValue), \(hold.patronID.rawValue), \(hold.placed), \(hold.state.rawValue), \(hold.readyAt), \(hold.expires)) RETURNING id
                """, as: Int64.self) ?? 0)
            placed = hold
        }
        try db.execute("UPDATE books SET version = version + 1 WHERE id = \(id.rawValue)")
        let after = try queue(of: id, in: db)
        return CirculationOutcome(book: try indexed(existingBook(id: id, in: db), in: db), queue: after, placed: placed,
                                  setAside: CirculationOutcome.newlyReady(after, before: state.queue))
    }

    public func holds(_ selection: HoldSelection) async throws -> [Hold] {
        try await read { db in
            switch selection {
            case .queue(let id): try Self.queue(of: id, in: db)
            case .patron(let id): try Self.holds("WHERE h.patron_id = \(id.rawValue) ORDER BY h.id DESC", in: db)
            case .ready: try Self.holds("WHERE h.state = 'ready' ORDER BY h.ready_at, h.id", in: db)
            }
        }
    }

    static func queue(of id: Book.ID, in db: any SQLConnection) throws -> [Hold] {
        try holds("WHERE h.book_id = \(id.rawValue) AND h.state IN ('waiting', 'ready') ORDER BY h.id", in: db)
    }

    static func holds(_ condition: SQL, in db: any SQLConnection) throws -> [Hold] {
        try db.rows("""
            SELECT h.id, h.book_id, h.patron_id, p.name, h.placed, h.state, h.ready_at, h.expires, h.ended
            FROM holds h JOIN patrons p ON p.id = h.patron_id \(condition)
            """).map { row in
            try Hold(id: Hold.ID(rawValue: row[0]), bookID: Book.ID(rawValue: row[1]), patronID: Patron.ID(rawValue: row[2]), patronName: row[3],
                     placed: row[4], state: Hold.State(rawValue: row[5]) ?? .cancelled, readyAt: row[6], expires: row[7], ended: row[8])
        }
    }

    // MARK: Patrons

    public func insertPatron(_ fields: PatronFields) async throws -> Patron {
        try await write(refusing: .card(fields.card)) { db in try Self.insertPatron(fields, in: db) }
    }

    static func insertPatron(_ fields: PatronFields, in db: any SQLConnection) throws -> Patron {
        guard let row = try db.row("""
            INSERT INTO patrons (name, name_key, card, email, phone, notes, address, category, reminders_off, words)
            VALUES (\(fields.name), \(PatronSearch.key(of: fields.name)), \(fields.card), \(fields.email), \(fields.phone), \(fields.notes),
                    \(fields.address), \(fields.category), \(fields.remindersOff), \(PatronSearch.words(of: fields)))
            RETURNING \(patronColumns)
            """) else { throw LibraryError.patronNotFound(id: 0) }
        return try patron(row)
    }

    public func updatePatron(id: Patron.ID, _ fields: PatronFields, expectedVersion: Int?) async throws -> Patron {
        try await write(refusing: .card(fields.card)) { db in
            let current = try Self.existingPatron(id, in: db, locked: true)
            if let expectedVersion, expectedVersion != current.version { throw LibraryError.patronChanged(id: id, current: current.version) }
            try db.execute("""
                UPDATE patrons SET name = \(fields.name), name_key = \(PatronSearch.key(of: fields.name)), card = \(fields.card), email = \(fields.email),
                    phone = \(fields.phone), notes = \(fields.notes), address = \(fields.address), category = \(fields.category), reminders_off = \(fields.remindersOff), words = \(PatronSearch.words(of: fields)),
                    version = version + 1
                WHERE id = \(id.rawValue)
                """)
            return try Self.existingPatron(id, in: db)
        }
    }

    public func patron(_ reference: PatronReference) async throws -> Patron? {
        try await read { db in try Self.find(reference, in: db) }
    }

    public func patrons(search: String, limit: Int, offset: Int) async throws -> [Patron] {
        // The terms hold only letters and digits: no LIKE wildcard can be among them.
        let conditions = PatronSearch.terms(of: search).map { term -> SQL in
            let pattern = "%\(term)%"
            return "words LIKE \(pattern)"
        }
        // A patron whose name is the search comes first, then the others by name.
        return try await read { db in
            try db.rows("""
                \(Self.selecting("SELECT \(Self.patronColumns) FROM patrons", where: conditions))
                ORDER BY name_key <> \(PatronSearch.key(of: search)), name_key, id LIMIT \(limit) OFFSET \(offset)
                """).map(Self.patron)
        }
    }

    public func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron {
        try await write { db in
            // Both locked, the lower id first, as every action that locks two patrons does.
            for id in [kept, merged].sorted(by: { $0.rawValue < $1.rawValue }) { _ = try Self.existingPatron(id, in: db, locked: true) }
            guard kept != merged else { return try Self.existingPatron(kept, in: db) }
            let (keep, merge) = (kept.rawValue, merged.rawValue)
            // Of two holds of one book, the later leaves the queue.
            try db.execute("""
                UPDATE holds SET state = 'cancelled', ended = placed WHERE state IN ('waiting', 'ready') AND id IN (
                    SELECT later.id FROM holds earlier JOIN holds later ON later.book_id = earlier.book_id AND later.id > earlier.id
                    WHERE earlier.patron_id IN (\(keep), \(merge)) AND later.patron_id IN (\(keep), \(merge)) AND earlier.patron_id <> later.patron_id
                      AND earlier.state IN ('waiting', 'ready') AND later.state IN ('waiting', 'ready'))
                """)
            try db.execute([
                "UPDATE holds SET patron_id = \(keep) WHERE patron_id = \(merge)",
                "UPDATE loans SET patron_id = \(keep) WHERE patron_id = \(merge)",
                "UPDATE reminder_outbox SET patron_id = \(keep) WHERE patron_id = \(merge)",
                "DELETE FROM patrons WHERE id = \(merge)",
                "UPDATE patrons SET version = version + 1 WHERE id = \(keep)",
            ])
            return try Self.existingPatron(kept, in: db)
        }
    }

    public func deletePatron(id: Patron.ID) async throws {
        try await write { db in
            let patron = try Self.existingPatron(id, in: db, locked: true)
            let loans = try db.value("SELECT count(*) FROM loans WHERE patron_id = \(id.rawValue) AND returned IS NULL", as: Int.self) ?? 0
            let holds = try db.value("SELECT count(*) FROM holds WHERE patron_id = \(id.rawValue) AND state IN ('waiting', 'ready')", as: Int.self) ?? 0
            guard loans == 0, holds == 0 else { throw LibraryError.patronBusy(name: patron.name, loans: loans, holds: holds) }
            try db.execute([
                "UPDATE loans SET patron_id = NULL WHERE patron_id = \(id.rawValue)",
                "DELETE FROM holds WHERE patron_id = \(id.rawValue)",
                "DELETE FROM reminder_outbox WHERE patron_id = \(id.rawValue)",
                "DELETE FROM patrons WHERE id = \(id.rawValue)",
            ])
        }
    }

    /// The patron `reference` names; one of a name that none has is made (for `.name`, the
    /// original clients' free text), once even when two actions name it at once (on PostgreSQL
    /// they take turns on a lock of the name).
    static func resolve(_ reference: PatronReference, in db: any SQLConnection) throws -> Patron {
        switch reference {
        case .name(let name), .cardOrName(let name):
            if db.dialect == .postgres { try db.execute("SELECT pg_advisory_xact_lock(hashtext(\(PatronSearch.key(of: name))))") }
        case .id, .card: break
        }
        if let found = try find(reference, in: db) { return found }
        switch reference {
        case .id(let id): throw LibraryError.patronNotFound(id: id)
        case .card(let card), .cardOrName(let card): throw LibraryError.cardNotFound(card: card)
        case .name(let name): return try insertPatron(PatronFields(name: name), in: db)
        }
    }

    private static func find(_ reference: PatronReference, in db: any SQLConnection) throws -> Patron? {
        let select: SQL = "SELECT \(patronColumns) FROM patrons"
        let statement: SQL = switch reference {
        case .id(let id): "\(select) WHERE id = \(id.rawValue)"
        case .card(let card): "\(select) WHERE lower(card) = lower(\(card))"
        case .name(let name): "\(select) WHERE name_key = \(PatronSearch.key(of: name)) ORDER BY id LIMIT 1"
        case .cardOrName(let text):
            """
            \(select) WHERE lower(card) = lower(\(text)) OR name_key = \(PatronSearch.key(of: text))
            ORDER BY (lower(card) = lower(\(text))) IS TRUE DESC, id LIMIT 1
            """
        }
        return try db.row(statement).map(patron)
    }

    private static func existingPatron(_ id: Patron.ID, in db: any SQLConnection, locked: Bool = false) throws -> Patron {
        if locked { try lock("SELECT id FROM patrons WHERE id = \(id.rawValue)", in: db) }
        guard let patron = try find(.id(id), in: db) else { throw LibraryError.patronNotFound(id: id) }
        return patron
    }

    static let patronColumns: SQL = "id, name, card, email, phone, notes, address, category, reminders_off, version"

    static func patron(_ row: SQLRow) throws -> Patron {
        try Patron(id: Patron.ID(rawValue: row[0]), name: row[1], card: row[2], email: row[3], phone: row[4], notes: row[5], address: row[6], category: row[7],
                   remindersOff: row[8], version: row[9])
    }
}
