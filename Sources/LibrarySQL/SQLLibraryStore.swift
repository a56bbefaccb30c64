import CoreMetrics
import Foundation
import Library
import ListorSQL
import Tagged

/// The library, written once for a SQLite file (`library.sqlite`) or a PostgreSQL database that
/// several `serve` nodes share. A partial unique index allows one open loan per book, so that of
/// two checkouts of one book exactly one succeeds, whatever the code above does; an edit given a
/// version changes only that version. The database's errors do not leave this type: they become
/// `LibraryStoreError`s naming the database.
///
/// Short reads (a page, a count, one book, the change number) are single statements through the
/// database's `query`, which waits least (on SQLite, on the caller's thread; on PostgreSQL,
/// with no thread between); reads of unbounded length (a borrower's history, every loan) go
/// through `read`.
public struct SQLLibraryStore: LibraryStore {
    public let database: any SQLDatabase
    private let counts = BookCountCache()
    private let stretches = StretchStarts()
    /// `listor_db_connections_in_use{database="library", access="read"|"write"}`: reads and
    /// writes under way, against `listor_db_connections_maximum`.
    private let readers: Meter
    private let writers: Meter

    public init(database: any SQLDatabase, metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.database = database
        readers = Meter(label: "listor_db_connections_in_use", dimensions: [("database", "library"), ("access", "read")], factory: metrics)
        writers = Meter(label: "listor_db_connections_in_use", dimensions: [("database", "library"), ("access", "write")], factory: metrics)
        let connections = database.connections
        Meter(label: "listor_db_connections_maximum", dimensions: [("database", "library"), ("access", "read")], factory: metrics).set(connections.read)
        Meter(label: "listor_db_connections_maximum", dimensions: [("database", "library"), ("access", "write")], factory: metrics).set(connections.write)
    }

    /// Opens or creates the library in the SQLite file at `path`, brought up to date; a new one
    /// gets `SampleLibrary.books` when `seeded`. Throws `.cannotOpen` with the reason when it cannot.
    public init(path: String, seeded: Bool = true, metrics: any MetricsFactory = NOOPMetricsHandler.instance) throws(LibraryStoreError) {
        do {
            let database = try SQLiteDatabase(path: path, shortReads: true)
            try database.migrate(Self.migrations(.sqlite, seeded: seeded))
            self.init(database: database, metrics: metrics)
        } catch {
            throw LibraryStoreError(.cannotOpen, "cannot open the library at \(path): \(error.message)", underlying: error)
        }
    }

    /// Makes the tables on a new database, once even when several nodes start together, and
    /// gives a new database the sample library when `seeded`.
    public func migrate(seeded: Bool = true) async throws(LibraryStoreError) {
        do { try await database.migrate(Self.migrations(database.dialect, seeded: seeded)) } catch {
            throw failure(error)
        }
    }

    // MARK: Transactions

    /// Reads in a snapshot, for reads of any length.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        readers.increment()
        defer { readers.decrement() }
        do { return try await database.read(body) } catch let error as StorageError { throw failure(error) }
    }

    /// One statement on its own, where it waits least, for short reads only.
    func query(_ statement: SQL) async throws -> [SQLRow] {
        readers.increment()
        defer { readers.decrement() }
        do { return try await database.query(statement) } catch let error as StorageError { throw failure(error) }
    }

    /// The first column of the first row of `statement`, run on its own.
    private func value<Value: SQLDecodable>(_ statement: SQL, as type: Value.Type = Value.self) async throws -> Value? {
        guard let row = try await query(statement).first else { return nil }
        do { return try row[0] as Value } catch { throw failure(error) }
    }

    /// What a unique index refused stands for.
    enum Duplicate {
        /// A second open loan of the book.
        case loan(Book.ID)
        /// A card another patron has.
        case card(String?)
    }

    /// Writes in one transaction; the library's own refusals pass as they are, and a unique
    /// index's refusal, which ends the transaction, becomes the refusal `duplicate` stands for.
    func write<T: Sendable>(refusing duplicate: Duplicate? = nil, _ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        writers.increment()
        defer { writers.decrement() }
        do { return try await database.write(body) } catch let error as StorageError {
            guard error.code == .duplicate, let duplicate else { throw failure(error) }
            switch duplicate {
            case .loan(let id):
                guard let loan = try await book(id: id)?.loan else { throw failure(error) }
                throw LibraryError.onLoan(id: id, borrower: loan.borrower, since: loan.checkedOut)
            case .card(let card):
                guard let card, let other = try await patron(.card(card)) else { throw failure(error) }
                throw LibraryError.cardTaken(card: card, by: other.id)
            }
        }
    }

    private func failure(_ error: StorageError) -> LibraryStoreError {
        let code: LibraryStoreError.Code = switch (error.code, database.dialect) {
        case (.unavailable, .sqlite): .cannotOpen
        case (.unavailable, .postgres): .unreachable
        default: .failed
        }
        return LibraryStoreError(code, "cannot use the library database at \(database.location): \(error.message)", underlying: error)
    }

    // MARK: Books

    public func books(_ query: BookQuery, at date: Date, range: BookRange) async throws -> [Book] {
        try await books(query, at: date, range: range, change: nil)
    }

    public func page(_ query: BookQuery, at date: Date, number: Int, size: Int) async throws -> BookPage {
        // The books and those out, kept by triggers, the change number, and the matches counted
        // only when they must be (a search whose count kept is of another change, or the overdue
        // books, which time changes), in one statement.
        let kept = counts.kept(query)
        let counted: SQL = switch (query.searchTerms.isEmpty, query.status) {
        case (true, .all), (true, .available), (true, .onHoldShelf), (true, .onLoan): "NULL"
        case (true, .overdue): "(SELECT count(*) FROM (\(Self.picked(query, at: date, after: nil, in: database.dialect).ids)) AS picked)"
        case (false, _):
            """
            CASE WHEN c.number = \(kept?.change ?? -1) THEN NULL \
            ELSE (SELECT count(*) FROM (\(Self.picked(query, at: date, after: nil, in: database.dialect).ids)) AS picked) END
            """
        }
        // The books on the hold shelf are few: counted from the ready holds' index.
        guard let counters = try await self.query("""
            SELECT b.books, b.on_loan, c.number, \(counted), (SELECT count(*) FROM (\(Self.onHoldShelf)) AS shelf) FROM book_count b, library_changes c
            """).first else {
            throw LibraryStoreError(.failed, "cannot use the library database at \(database.location): it keeps no counts")
        }
        let (total, out, change, count, shelf): (Int, Int, Int64, Int?, Int)
        do { (total, out, change, count, shelf) = (try counters[0], try counters[1], try counters[2], try counters[3], try counters[4]) } catch { throw failure(error) }
        let matching: Int
        if query.searchTerms.isEmpty, let known = query.status.count(ofBooks: total, onLoan: out, onHoldShelf: shelf) {
            matching = known
        } else if let count {
            if !query.searchTerms.isEmpty { counts.keep(count, for: query, change: change) }
            matching = count
        } else {
            // Not counted: the count kept is of this change.
            matching = kept?.count ?? 0
        }
        let number = BookPage.clamped(number, size: size, matching: matching)
        let books = try await books(query, at: date, range: BookRange(offset: (number - 1) * size, limit: size), change: change)
        return BookPage(books: books, number: number, size: size, matching: matching, total: total)
    }

    /// The books of `query` in `range`; `change` is the change number when it was just read.
    private func books(_ query: BookQuery, at date: Date, range: BookRange, change known: Int64?) async throws -> [Book] {
        var range = range
        // A deep page of the whole list or the shelf starts at its stretch of a thousand.
        if range.after == nil, StretchStarts.applies(to: query, offset: range.offset) {
            let change = if let known { known } else { try await change() }
            var starts = stretches.starts(query.status, change: change)
            if !StretchStarts.reach(range.offset, starts) {
                // Each stretch's first id from the one before: the list's first, then a thousand on.
                while !StretchStarts.reach(range.offset, starts), let next = try await value("""
                    \(Self.picked(query, at: date, after: starts.last.map(Book.ID.init(rawValue:)), in: database.dialect).ids) \
                    ORDER BY id LIMIT 1 OFFSET \(starts.isEmpty ? 0 : StretchStarts.length - 1)
                    """, as: Int64.self) {
                    starts.append(next)
                }
                stretches.keep(starts, for: query.status, change: change)
            }
            guard let start = StretchStarts.stretch(of: range.offset, in: starts) else { return [] }
            range = BookRange(after: Book.ID(rawValue: start.id - 1), offset: start.skipping, limit: range.limit)
        }
        // The page's ids first, from the narrowest source (the search index, the open loans or
        // the books), then their rows: an offset skips ids, never whole rows.
        let (ids, key) = Self.picked(query, at: date, after: range.after, in: database.dialect)
        return try await books("""
            SELECT \(Self.columns) FROM books_with_loans WHERE id IN (\(ids) ORDER BY \(key) LIMIT \(range.limit) OFFSET \(range.offset)) ORDER BY id
            """)
    }

    /// The books `statement` selects, of `columns`, run on its own.
    private func books(_ statement: SQL) async throws -> [Book] {
        do { return try await query(statement).map(Self.book) } catch let error as StorageError { throw failure(error) }
    }

    /// A statement selecting the ids of the books `query` picks, after `after`, and the column
    /// to order them by. The search is each engine's own: FTS5 on SQLite, a `tsvector` on PostgreSQL.
    private static func picked(_ query: BookQuery, at date: Date, after: Book.ID?, in dialect: SQLDialect) -> (ids: SQL, key: SQL) {
        let terms = query.searchTerms
        var conditions: [SQL] = []
        let source: SQL, key: SQL
        switch (terms.isEmpty, query.status, dialect) {
        case (true, .onLoan, _), (true, .overdue, _):
            // Few books are out: their loans are the place to start.
            conditions.append("returned IS NULL")
            if query.status == .overdue { conditions.append("due < \(date)") }
            if let after { conditions.append("book_id > \(after.rawValue)") }
            return (selecting("SELECT book_id FROM loans", where: conditions), "book_id")
        case (true, .onHoldShelf, _):
            return (after.map { "SELECT * FROM (\(onHoldShelf)) AS shelf WHERE book_id > \($0.rawValue)" } ?? onHoldShelf, "book_id")
        case (true, .all, _):
            (source, key) = ("SELECT id FROM books", "id")
        case (true, .available, .sqlite):
            (source, key) = ("SELECT id FROM books INDEXED BY books_on_shelf", "id")
            conditions.append("on_loan = 0")
            conditions.append("id NOT IN (SELECT book_id FROM holds WHERE state = 'ready')")
        case (true, .available, .postgres):
            (source, key) = ("SELECT id FROM books", "id")
            conditions.append("NOT on_loan")
            conditions.append("id NOT IN (SELECT book_id FROM holds WHERE state = 'ready')")
        case (false, _, .sqlite):
            (source, key) = ("SELECT rowid FROM books_search", "rowid")
            conditions.append("books_search MATCH \(BookSearch.fts5Query(terms))")
        case (false, _, .postgres):
            (source, key) = ("SELECT id FROM books", "id")
            conditions.append("search_vector @@ to_tsquery('simple', \(BookSearch.tsQuery(terms)))")
        }
        switch (terms.isEmpty, query.status, dialect) {
        case (true, _, _), (false, .all, _): break
        // The matches of FTS5 are rowids of its own table: each is looked for among the few open
        // loans, "+" keeping the test from becoming a lookup that runs the search once a loan.
        case (false, .available, .sqlite):
            conditions.append("+\(key) NOT IN (SELECT book_id FROM loans WHERE returned IS NULL)")
            conditions.append("+\(key) NOT IN (SELECT book_id FROM holds WHERE state = 'ready')")
        case (false, .onHoldShelf, .sqlite): conditions.append("+\(key) IN (\(onHoldShelf))")
        case (false, .onLoan, .sqlite): conditions.append("+\(key) IN (SELECT book_id FROM loans WHERE returned IS NULL)")
        case (false, .overdue, .sqlite): conditions.append("+\(key) IN (SELECT book_id FROM loans WHERE returned IS NULL AND due < \(date))")
        // PostgreSQL's matches are rows of the books, which say whether they are out.
        case (false, .available, .postgres): conditions.append("NOT on_loan AND id NOT IN (SELECT book_id FROM holds WHERE state = 'ready')")
        case (false, .onHoldShelf, .postgres): conditions.append("id IN (\(onHoldShelf))")
        case (false, .onLoan, .postgres): conditions.append("on_loan")
        case (false, .overdue, .postgres): conditions.append("on_loan AND id IN (SELECT book_id FROM loans WHERE returned IS NULL AND due < \(date))")
        }
        if let after { conditions.append("\(key) > \(after.rawValue)") }
        return (selecting(source, where: conditions), key)
    }

    /// The books on the hold shelf: set aside for a patron, and not out (which a checkout through
    /// the original API, which knows no holds, can make them).
    static let onHoldShelf: SQL = "SELECT book_id FROM holds WHERE state = 'ready' AND book_id NOT IN (SELECT book_id FROM loans WHERE returned IS NULL)"

    /// `source` with `conditions`, all of them, in its `WHERE`.
    static func selecting(_ source: SQL, where conditions: [SQL]) -> SQL {
        conditions.isEmpty ? source : "\(source) WHERE \(SQL(joining: conditions, separator: " AND "))"
    }

    public func books(ids: [Book.ID]) async throws -> [Book] {
        try await read { db in
            try db.rows("SELECT \(Self.columns) FROM books_with_loans WHERE id IN \(list: ids.map(\.rawValue)) ORDER BY id").map(Self.book)
        }
    }

    public func book(id: Book.ID) async throws -> Book? {
        try await books("SELECT \(Self.columns) FROM books_with_loans WHERE id = \(id.rawValue)").first
    }

    public func change() async throws -> Int64 {
        try await value("SELECT number FROM library_changes", as: Int64.self) ?? 0
    }

    public func insert(_ fields: BookFields, lend: CirculationRequest?, cover: StoredCover?) async throws -> Book {
        try await write { db in
            var book = try Self.insert(fields, in: db)
            if let cover { book = try Self.write(.set(cover), of: book.id, in: db) }
            guard let lend else { return book }
            return try Self.circulate(book.id, lend, expectedVersion: nil, in: db).book
        }
    }

    public func update(id: Book.ID, _ fields: BookFields, lend: CirculationRequest?, cover: CoverChange?, expectedVersion: Int?) async throws -> Book {
        try await write(refusing: .loan(id)) { db in
            let changed = try db.execute("""
                UPDATE books SET title = \(fields.title), author = \(fields.author), publisher = \(fields.publisher), categories = \(fields.categories),
                    isbn = \(fields.isbn), version = version + 1
                WHERE id = \(id.rawValue)\(Self.at(expectedVersion))
                """)
            try Self.requireChange(changed, id: id, in: db)
            if let cover { _ = try Self.write(cover, of: id, in: db) }
            // The loan in the same transaction: refused, it takes the edit with it.
            guard let lend else { return try Self.indexed(Self.existingBook(id: id, in: db), in: db) }
            return try Self.circulate(id, lend, expectedVersion: nil, in: db).book
        }
    }

    public func delete(id: Book.ID, expectedVersion: Int?) async throws {
        try await write { db in
            try Self.requireChange(try db.execute("DELETE FROM books WHERE id = \(id.rawValue)\(Self.at(expectedVersion))"), id: id, in: db)
            if db.dialect == .sqlite { try db.execute("DELETE FROM books_search WHERE rowid = \(id.rawValue)") }
        }
    }

    public func deleteAll() async throws {
        try await write { db in
            try db.execute(["DELETE FROM reminder_outbox", "DELETE FROM holds", "DELETE FROM loans", "DELETE FROM books", "DELETE FROM patrons"])
            if db.dialect == .sqlite { try db.execute("DELETE FROM books_search") }
        }
    }

    /// `AND version = …` when a version is expected.
    private static func at(_ version: Int?) -> SQL {
        guard let version else { return "" }
        return " AND version = \(version)"
    }

    // MARK: Covers

    public func cover(of id: Book.ID) async throws -> StoredCover? {
        guard let row = try await query("SELECT media_type, bytes, colors FROM covers WHERE book_id = \(id.rawValue)").first else {
            guard try await book(id: id) != nil else { throw LibraryError.notFound(id: id) }
            return nil
        }
        do {
            let colors: String? = try row[2]
            return try StoredCover(mediaType: row[0], bytes: row[1], colors: colors.flatMap(CoverColors.init(text:)))
        } catch {
            throw failure(error)
        }
    }

    public func setCover(_ change: CoverChange, of id: Book.ID, expectedVersion: Int?) async throws -> Book {
        try await write { db in
            let book = try Self.lockedBook(id: id, in: db)
            if let expectedVersion, expectedVersion != book.version { throw LibraryError.versionMismatch(id: id, current: book.version) }
            return try Self.write(change, of: id, in: db)
        }
    }

    /// Writes the cover, and its colours and a new version on the book.
    private static func write(_ change: CoverChange, of id: Book.ID, in db: any SQLConnection) throws -> Book {
        let cover = change.cover
        if let cover {
            try db.execute("""
                INSERT INTO covers (book_id, media_type, bytes, colors) VALUES (\(id.rawValue), \(cover.mediaType), \(cover.bytes), \(cover.colors?.text))
                ON CONFLICT (book_id) DO UPDATE SET media_type = excluded.media_type, bytes = excluded.bytes, colors = excluded.colors
                """)
        } else {
            try db.execute("DELETE FROM covers WHERE book_id = \(id.rawValue)")
        }
        try db.execute("UPDATE books SET has_cover = \(cover != nil), cover_colors = \(cover?.colors?.text), version = version + 1 WHERE id = \(id.rawValue)")
        return try existingBook(id: id, in: db)
    }

    // MARK: Loans

    public func insertLoan(_ loan: LibraryCSV.LoanRow) async throws -> Loan {
        try await write(refusing: .loan(loan.bookID)) { db in
            _ = try Self.existingBook(id: loan.bookID, in: db)
            let patron = try Self.resolve(.name(loan.borrower), in: db)
            let id = try db.value("""
                INSERT INTO loans (book_id, borrower, patron_id, checked_out, due, returned)
                VALUES (\(loan.bookID.rawValue), \(loan.borrower), \(patron.id.rawValue), \(loan.checkedOut), \(loan.due), \(loan.returned)) RETURNING id
                """, as: Int64.self) ?? 0
            try db.execute("""
                UPDATE books SET last_checked_out = \(loan.checkedOut), last_checked_out_by = \(loan.borrower), version = version + 1
                WHERE id = \(loan.bookID.rawValue) AND (last_checked_out IS NULL OR last_checked_out < \(loan.checkedOut))
                """)
            if loan.returned == nil { _ = try Self.indexed(Self.existingBook(id: loan.bookID, in: db), in: db) }
            return Loan(id: Loan.ID(rawValue: id), bookID: loan.bookID, borrower: loan.borrower, patronID: patron.id, checkedOut: loan.checkedOut,
                        due: loan.due, returned: loan.returned)
        }
    }

    public func loans(_ selection: LoanSelection) async throws -> [Loan] {
        let condition: SQL = switch selection {
        case .book(let id): "WHERE book_id = \(id.rawValue)"
        case .borrower(let name): "WHERE lower(borrower) = lower(\(name))"
        case .patron(let id): "WHERE patron_id = \(id.rawValue)"
        case .overdue(let date): "WHERE returned IS NULL AND due < \(date)"
        case .all: ""
        }
        let statement: SQL = "SELECT \(Self.loanColumns) FROM loans \(condition) ORDER BY checked_out DESC, id DESC"
        // A book's history is short; the others may hold any number of loans.
        if case .book = selection {
            do { return try await query(statement).map(Self.loan) } catch let error as StorageError { throw failure(error) }
        }
        return try await read { db in try Self.loans(statement, in: db) }
    }

    static let loanColumns: SQL = "id, book_id, borrower, patron_id, checked_out, due, returned, renewals"

    /// The loans of a statement selecting `loanColumns`.
    static func loans(_ statement: SQL, in db: any SQLConnection) throws -> [Loan] {
        try db.rows(statement).map(loan)
    }

    static func loan(_ row: SQLRow) throws -> Loan {
        try Loan(id: Loan.ID(rawValue: row[0]), bookID: Book.ID(rawValue: row[1]), borrower: row[2], patronID: (row[3] as Int64?).map(Patron.ID.init(rawValue:)),
                 checkedOut: row[4], due: row[5], returned: row[6], renewals: row[7])
    }

    // MARK: Rows

    static func insert(_ fields: BookFields, in db: any SQLConnection) throws -> Book {
        let id = try db.value("""
            INSERT INTO books (title, author, publisher, categories, isbn)
            VALUES (\(fields.title), \(fields.author), \(fields.publisher), \(fields.categories), \(fields.isbn)) RETURNING id
            """, as: Int64.self) ?? 0
        return try indexed(existingBook(id: Book.ID(rawValue: id), in: db), in: db)
    }

    static func book(id: Book.ID, in db: any SQLConnection) throws -> Book? {
        try db.row("SELECT \(columns) FROM books_with_loans WHERE id = \(id.rawValue)").map(book)
    }

    static func existingBook(id: Book.ID, in db: any SQLConnection) throws -> Book {
        guard let book = try book(id: id, in: db) else { throw LibraryError.notFound(id: id) }
        return book
    }

    /// The book, its row locked until the transaction ends.
    static func lockedBook(id: Book.ID, in db: any SQLConnection) throws -> Book {
        try lock("SELECT id FROM books WHERE id = \(id.rawValue)", in: db)
        return try existingBook(id: id, in: db)
    }

    /// Locks the rows `select` picks until the transaction ends, on PostgreSQL, where actions on
    /// one row then take turns; SQLite runs one write transaction at a time.
    static func lock(_ select: SQL, in db: any SQLConnection) throws {
        if db.dialect == .postgres { _ = try db.rows("\(select) FOR UPDATE") }
    }

    /// After a statement conditioned on the id and version that changed `changed` rows: why
    /// nothing changed, if nothing did.
    private static func requireChange(_ changed: Int, id: Book.ID, in db: any SQLConnection) throws {
        guard changed == 0 else { return }
        let book = try existingBook(id: id, in: db)
        throw LibraryError.versionMismatch(id: id, current: book.version)
    }

    /// Keeps `words` as the book's words for search, replacing those it had.
    static func indexWords(_ words: String, of id: Book.ID, in db: any SQLConnection) throws {
        switch db.dialect {
        case .sqlite:
            try db.execute("DELETE FROM books_search WHERE rowid = \(id.rawValue)")
            try db.execute("INSERT INTO books_search (rowid, words) VALUES (\(id.rawValue), \(words))")
        case .postgres:
            try db.execute("UPDATE books SET search_words = \(words) WHERE id = \(id.rawValue)")
        }
    }

    /// `book`, its words for search kept as it now is, inside the caller's transaction: every
    /// write that changes one of them ends here.
    static func indexed(_ book: Book, in db: any SQLConnection) throws -> Book {
        try indexWords(BookSearch.words(of: book), of: book.id, in: db)
        return book
    }

    /// The columns `book(_:)` reads, by position.
    static let columns: SQL = """
        id, title, author, publisher, categories, isbn, last_checked_out, last_checked_out_by, version, has_cover, cover_colors, \
        loan_id, borrower, checked_out, due, patron_id, renewals, hold_id, hold_patron_id, hold_patron, hold_placed, hold_ready_at, hold_expires
        """

    static func book(_ row: SQLRow) throws -> Book {
        let id = Book.ID(rawValue: try row[0])
        let colors: String? = try row[10]
        var loan: Loan?
        if let loanID = try row[11] as Int64? {
            loan = try Loan(id: Loan.ID(rawValue: loanID), bookID: id, borrower: row[12], patronID: (row[15] as Int64?).map(Patron.ID.init(rawValue:)),
                            checkedOut: row[13], due: row[14], renewals: row[16] ?? 0)
        }
        var shelfHold: Hold?
        if let holdID = try row[17] as Int64? {
            shelfHold = try Hold(id: Hold.ID(rawValue: holdID), bookID: id, patronID: Patron.ID(rawValue: row[18]), patronName: row[19], placed: row[20],
                                 state: .ready, readyAt: row[21], expires: row[22])
        }
        return try Book(id: id, title: row[1], author: row[2], publisher: row[3], categories: row[4], isbn: row[5], lastCheckedOut: row[6],
                        lastCheckedOutBy: row[7], version: row[8], loan: loan, shelfHold: shelfHold, hasCover: row[9],
                        coverColors: colors.flatMap(CoverColors.init(text:)))
    }
}
