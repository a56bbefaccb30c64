import Foundation
import GRDB
import Library
import Tagged

/// Patrons, holds and the circulation of books, in the write transaction that SQLite runs one at
/// a time: the state a rule decides on cannot change before its change is written.
extension SQLiteLibraryStore {
    public func circulate(book id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?) async throws -> CirculationOutcome {
        try await write { db in try Self.circulate(id, request, expectedVersion: expectedVersion, in: db) }
    }

    static func circulate(_ id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?, in db: Database) throws -> CirculationOutcome {
        let book = try existingBook(id: id, in: db)
        if let expectedVersion, expectedVersion != book.version { throw LibraryError.versionMismatch(id: id, current: book.version) }
        let patron = try request.patron.map { try resolve($0, in: db) }
        let loans = try patron.map { try Int.fetchOne(db, sql: "SELECT count(*) FROM loans WHERE patron_id = ? AND returned IS NULL", arguments: [$0.id.rawValue]) ?? 0 }
        let state = CirculationState(book: book, queue: try queue(of: id, in: db), patron: patron, patronLoans: loans ?? 0, now: request.date)
        let change = try request.rule(state)
        if change.isEmpty { return CirculationOutcome(book: book, queue: state.queue) }
        let now = request.date
        if change.close {
            try db.execute(sql: "UPDATE loans SET returned = ? WHERE book_id = ? AND returned IS NULL", arguments: [now, id.rawValue])
        }
        if let renewal = change.renewal {
            try db.execute(sql: "UPDATE loans SET due = ?, renewals = renewals + 1 WHERE book_id = ? AND returned IS NULL", arguments: [renewal, id.rawValue])
        }
        for hold in change.holds {
            try db.execute(sql: "UPDATE holds SET state = ?, ready_at = ?, expires = ?, ended = ? WHERE id = ? AND book_id = ?",
                           arguments: [hold.state.rawValue, hold.readyAt, hold.expires, hold.ended, hold.id.rawValue, id.rawValue])
        }
        if let checkout = change.open {
            // The unique index refuses a second open loan of the book, whatever the rule said.
            do {
                try db.execute(sql: "INSERT INTO loans (book_id, borrower, patron_id, checked_out, due) VALUES (?, ?, ?, ?, ?)",
                               arguments: [id.rawValue, checkout.borrower, checkout.patronID?.rawValue, checkout.date, checkout.due])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                let out = try existingBook(id: id, in: db)
                throw LibraryError.onLoan(id: id, borrower: out.loan?.borrower ?? "someone", since: out.loan?.checkedOut ?? checkout.date)
            }
            try db.execute(sql: "UPDATE books SET last_checked_out = ?, last_checked_out_by = ? WHERE id = ?",
                           arguments: [checkout.date, checkout.borrower, id.rawValue])
        }
        var placed: Hold?
        if let hold = change.place {
            try db.execute(sql: "INSERT INTO holds (book_id, patron_id, placed, state, ready_at, expires) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [id.rawValue, hold.patronID.rawValue, hold.placed, hold.state.rawValue, hold.readyAt, hold.expires])
            placed = hold
            placed?.id = Hold.ID(rawValue: db.lastInsertedRowID)
        }
        try db.execute(sql: "UPDATE books SET version = version + 1 WHERE id = ?", arguments: [id.rawValue])
        let after = try queue(of: id, in: db)
        return CirculationOutcome(book: try indexed(existingBook(id: id, in: db), in: db), queue: after, placed: placed, setAside: CirculationOutcome.newlyReady(after, before: state.queue))
    }

    public func holds(_ selection: HoldSelection) async throws -> [Hold] {
        try await read { db in
            switch selection {
            case .queue(let id): try Self.queue(of: id, in: db)
            case .patron(let id): try Self.holds(in: db, "WHERE h.patron_id = ? ORDER BY h.id DESC", [id.rawValue])
            case .ready: try Self.holds(in: db, "WHERE h.state = 'ready' ORDER BY h.ready_at, h.id", [])
            }
        }
    }

    static func queue(of id: Book.ID, in db: Database) throws -> [Hold] {
        try holds(in: db, "WHERE h.book_id = ? AND h.state IN ('waiting', 'ready') ORDER BY h.id", [id.rawValue])
    }

    static func holds(in db: Database, _ condition: String, _ arguments: StatementArguments) throws -> [Hold] {
        try Row.fetchAll(db, sql: "SELECT h.*, p.name FROM holds h JOIN patrons p ON p.id = h.patron_id " + condition, arguments: arguments).map { row in
            Hold(id: Hold.ID(rawValue: row["id"]), bookID: Book.ID(rawValue: row["book_id"]), patronID: Patron.ID(rawValue: row["patron_id"]),
                 patronName: row["name"], placed: row["placed"], state: Hold.State(rawValue: row["state"]) ?? .cancelled, readyAt: row["ready_at"],
                 expires: row["expires"], ended: row["ended"])
        }
    }

    // MARK: Patrons

    public func insertPatron(_ fields: PatronFields) async throws -> Patron {
        try await write { db in try Self.insertPatron(fields, in: db) }
    }

    static func insertPatron(_ fields: PatronFields, in db: Database) throws -> Patron {
        try refusingTakenCard(fields.card, in: db) {
            try db.execute(sql: """
                INSERT INTO patrons (name, name_key, card, email, phone, notes, reminders_off, words) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [fields.name, PatronSearch.key(of: fields.name), fields.card, fields.email, fields.phone, fields.notes, fields.remindersOff,
                                 PatronSearch.words(of: fields)])
        }
        return try existingPatron(Patron.ID(rawValue: db.lastInsertedRowID), in: db)
    }

    public func updatePatron(id: Patron.ID, _ fields: PatronFields, expectedVersion: Int?) async throws -> Patron {
        try await write { db in
            let current = try Self.existingPatron(id, in: db)
            if let expectedVersion, expectedVersion != current.version { throw LibraryError.patronChanged(id: id, current: current.version) }
            try Self.refusingTakenCard(fields.card, in: db) {
                try db.execute(sql: """
                    UPDATE patrons SET name = ?, name_key = ?, card = ?, email = ?, phone = ?, notes = ?, reminders_off = ?, words = ?, version = version + 1
                    WHERE id = ?
                    """, arguments: [fields.name, PatronSearch.key(of: fields.name), fields.card, fields.email, fields.phone, fields.notes, fields.remindersOff,
                                     PatronSearch.words(of: fields), id.rawValue])
            }
            return try Self.existingPatron(id, in: db)
        }
    }

    public func patron(_ reference: PatronReference) async throws -> Patron? {
        try await read { db in try Self.find(reference, in: db) }
    }

    public func patrons(search: String, limit: Int, offset: Int) async throws -> [Patron] {
        let terms = PatronSearch.terms(of: search)
        return try await read { db in
            // The terms hold only letters and digits: no LIKE wildcard can be among them.
            let conditions = terms.map { _ in "words LIKE ?" }
            let sql = "SELECT * FROM patrons" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")) + " ORDER BY name_key, id LIMIT ? OFFSET ?"
            var arguments = StatementArguments(terms.map { "%\($0)%" })
            arguments += [limit, offset]
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.patron)
        }
    }

    public func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron {
        try await write { db in
            _ = try Self.existingPatron(kept, in: db)
            _ = try Self.existingPatron(merged, in: db)
            guard kept != merged else { return try Self.existingPatron(kept, in: db) }
            // Of two holds of one book, the later leaves the queue.
            try db.execute(sql: """
                UPDATE holds SET state = 'cancelled', ended = placed WHERE state IN ('waiting', 'ready') AND id IN (
                    SELECT later.id FROM holds earlier JOIN holds later ON later.book_id = earlier.book_id AND later.id > earlier.id
                    WHERE earlier.patron_id IN (?, ?) AND later.patron_id IN (?, ?) AND earlier.patron_id <> later.patron_id
                      AND earlier.state IN ('waiting', 'ready') AND later.state IN ('waiting', 'ready'))
                """, arguments: [kept.rawValue, merged.rawValue, kept.rawValue, merged.rawValue])
            try db.execute(sql: "UPDATE holds SET patron_id = ? WHERE patron_id = ?", arguments: [kept.rawValue, merged.rawValue])
            try db.execute(sql: "UPDATE loans SET patron_id = ? WHERE patron_id = ?", arguments: [kept.rawValue, merged.rawValue])
            try db.execute(sql: "UPDATE reminder_outbox SET patron_id = ? WHERE patron_id = ?", arguments: [kept.rawValue, merged.rawValue])
            try db.execute(sql: "DELETE FROM patrons WHERE id = ?", arguments: [merged.rawValue])
            try db.execute(sql: "UPDATE patrons SET version = version + 1 WHERE id = ?", arguments: [kept.rawValue])
            return try Self.existingPatron(kept, in: db)
        }
    }

    /// The patron `reference` names; one of a name that none has is made.
    static func resolve(_ reference: PatronReference, in db: Database) throws -> Patron {
        if let found = try find(reference, in: db) { return found }
        switch reference {
        case .id(let id): throw LibraryError.patronNotFound(id: id)
        case .card(let card): throw LibraryError.cardNotFound(card: card)
        case .name(let name), .cardOrName(let name): return try insertPatron(PatronFields(name: name), in: db)
        }
    }

    private static func find(_ reference: PatronReference, in db: Database) throws -> Patron? {
        let row: Row? = switch reference {
        case .id(let id): try Row.fetchOne(db, sql: "SELECT * FROM patrons WHERE id = ?", arguments: [id.rawValue])
        case .card(let card): try Row.fetchOne(db, sql: "SELECT * FROM patrons WHERE card = ? COLLATE NOCASE", arguments: [card])
        case .name(let name): try Row.fetchOne(db, sql: "SELECT * FROM patrons WHERE name_key = ? ORDER BY id LIMIT 1", arguments: [PatronSearch.key(of: name)])
        case .cardOrName(let text):
            try Row.fetchOne(db, sql: """
                SELECT * FROM patrons WHERE card = ? COLLATE NOCASE OR name_key = ? ORDER BY card = ? COLLATE NOCASE DESC, id LIMIT 1
                """, arguments: [text, PatronSearch.key(of: text), text])
        }
        return row.map(patron)
    }

    private static func existingPatron(_ id: Patron.ID, in db: Database) throws -> Patron {
        guard let patron = try find(.id(id), in: db) else { throw LibraryError.patronNotFound(id: id) }
        return patron
    }

    /// Runs `body`; a card another patron has is refused, naming the patron.
    private static func refusingTakenCard(_ card: String?, in db: Database, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            guard let card, let other = try find(.card(card), in: db) else { throw error }
            throw LibraryError.cardTaken(card: card, by: other.id)
        }
    }

    static func patron(_ row: Row) -> Patron {
        Patron(id: Patron.ID(rawValue: row["id"]), name: row["name"], card: row["card"], email: row["email"], phone: row["phone"], notes: row["notes"],
               remindersOff: row["reminders_off"], version: row["version"])
    }
}
