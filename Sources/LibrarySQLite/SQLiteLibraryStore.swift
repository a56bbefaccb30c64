import CoreMetrics
import Foundation
import GRDB
import Library
import Tagged

/// The library in one SQLite file, through GRDB: WAL mode (readers never wait for the writer),
/// migrations, and the sample library on first run. A partial unique index allows one open loan
/// per book, so that of two checkouts of one book exactly one succeeds, whatever the code above does.
///
/// GRDB's errors do not leave this type: they become `LibraryStoreError`s naming the file.
///
/// Short reads (a page, a count, one book, the change number) are read on the caller's thread,
/// through read-only connections of their own: a read handed to the pool's queues waits, when the
/// server is busy, once to go there and once more to come back, which made a one-book read of
/// 0.1 ms take 15 ms under load. Their callers never wait for each other's tasks, so they cannot
/// block one another for good. Reads of unbounded length (a borrower's history, every loan) go
/// through the pool's queues, so that they never hold one of the few threads that run tasks.
public final class SQLiteLibraryStore: LibraryStore {
    private let database: any DatabaseWriter
    private let shortReads: any DatabaseReader
    public var path: String { database.path }
    private let counts = BookCountCache()
    private let stretches = StretchStarts()
    /// `listor_db_connections_in_use{database="library", access="read"|"write"}`: reads and
    /// writes under way, against `listor_db_connections_maximum` (the pool's readers and its writer).
    private let readers: Meter
    private let writers: Meter

    /// The library in `writer`'s database (a pool on a file, as `open(path:)` makes, or an
    /// in-memory queue), migrated, with the sample library when new and `seeded`. Short reads go
    /// through `shortReads` (by default the writer). As GRDB's `AppDatabase`, the store takes the
    /// database it is given; `init(path:)` opens one on a file.
    public init(_ writer: any DatabaseWriter, shortReads: (any DatabaseReader)? = nil, seeded: Bool = true,
                metrics: any MetricsFactory = NOOPMetricsHandler.instance) throws(LibraryStoreError) {
        database = writer
        self.shortReads = shortReads ?? writer
        readers = Meter(label: "listor_db_connections_in_use", dimensions: [("database", "library"), ("access", "read")], factory: metrics)
        writers = Meter(label: "listor_db_connections_in_use", dimensions: [("database", "library"), ("access", "write")], factory: metrics)
        do {
            try Self.migrator(seeded: seeded).migrate(writer)
        } catch {
            throw LibraryStoreError(.cannotOpen, "cannot open the library at \(writer.path): \(error)", underlying: error)
        }
        let readerCount = [writer, shortReads].compactMap { $0 as? DatabasePool }.reduce(0) { $0 + $1.configuration.maximumReaderCount }
        Meter(label: "listor_db_connections_maximum", dimensions: [("database", "library"), ("access", "read")], factory: metrics).set(max(readerCount, 1))
        Meter(label: "listor_db_connections_maximum", dimensions: [("database", "library"), ("access", "write")], factory: metrics).set(1)
    }

    /// Opens or creates the library at `path`; a new one gets `SampleLibrary.books` when `seeded`.
    /// Throws `LibraryStoreError.Code.cannotOpen` with the reason when it cannot.
    public convenience init(path: String, seeded: Bool = true, metrics: any MetricsFactory = NOOPMetricsHandler.instance) throws(LibraryStoreError) {
        let (writer, shortReads) = try Self.open(path: path)
        try self.init(writer, shortReads: shortReads, seeded: seeded, metrics: metrics)
    }

    /// The file's pool, and a read-only pool of its own for the short reads: WAL mode, foreign
    /// keys, a 5 s busy timeout, pages through a memory map and 16 MB of page cache a connection.
    ///
    /// Short reads run on the caller's thread, which in a server is one of Swift's cooperative
    /// threads (one a core): the read-only pool has at least as many connections as there are
    /// cores, so that a short read never waits for a connection held by another short read.
    public static func open(path: String) throws(LibraryStoreError) -> (writer: DatabasePool, shortReads: DatabasePool) {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        // Pages read through a memory map rather than a copy per read, and a page cache of 16 MB
        // per connection: a list or a count touches many pages of a large library.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = 268435456; PRAGMA cache_size = -16000")
        }
        do {
            let writer = try DatabasePool(path: path, configuration: configuration)
            var readOnly = configuration
            readOnly.readonly = true
            readOnly.maximumReaderCount = max(readOnly.maximumReaderCount, ProcessInfo.processInfo.activeProcessorCount)
            return (writer, try DatabasePool(path: path, configuration: readOnly))
        } catch {
            throw LibraryStoreError(.cannotOpen, "cannot open the library at \(path): \(error)", underlying: error)
        }
    }

    /// Reads in a snapshot on the pool's queues, with GRDB's errors translated: for reads of any length.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        readers.increment()
        defer { readers.decrement() }
        do { return try await database.read(body) } catch let error as DatabaseError { throw failure(error) }
    }

    /// Reads in a snapshot on the caller's thread, with GRDB's errors translated: for short reads only.
    private func shortRead<T>(_ body: (Database) throws -> T) throws -> T {
        readers.increment()
        defer { readers.decrement() }
        do { return try shortReads.read(body) } catch let error as DatabaseError { throw failure(error) }
    }

    /// Writes in one transaction, with GRDB's errors translated; the library's own refusals pass.
    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        writers.increment()
        defer { writers.decrement() }
        do { return try await database.write(body) } catch let error as DatabaseError { throw failure(error) }
    }

    private func failure(_ error: DatabaseError) -> LibraryStoreError {
        LibraryStoreError(.failed, "the library at \(path) failed: \(error.message ?? error.description)", underlying: error)
    }

    static func migrator(seeded: Bool) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("books and loans") { db in
            try db.execute(sql: """
                CREATE TABLE books (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL,
                    author TEXT NOT NULL,
                    publisher TEXT,
                    categories TEXT,
                    isbn TEXT,
                    last_checked_out DATETIME,
                    last_checked_out_by TEXT,
                    version INTEGER NOT NULL DEFAULT 1
                );
                CREATE TABLE loans (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    borrower TEXT NOT NULL,
                    checked_out DATETIME NOT NULL,
                    due DATETIME NOT NULL,
                    returned DATETIME
                );
                CREATE UNIQUE INDEX loans_one_open_per_book ON loans(book_id) WHERE returned IS NULL;
                CREATE INDEX loans_borrower ON loans(borrower);
                CREATE VIEW books_with_loans AS
                SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due
                FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
                """)
        }
        migrator.registerMigration("covers") { db in
            try db.execute(sql: """
                ALTER TABLE books ADD COLUMN has_cover INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE covers (
                    book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
                    media_type TEXT NOT NULL,
                    bytes BLOB NOT NULL,
                    colors TEXT
                );
                DROP VIEW books_with_loans;
                CREATE VIEW books_with_loans AS
                SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due
                FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
                """)
        }
        // The colours of an uploaded cover on the book itself, so that lists show them without
        // reading any picture.
        migrator.registerMigration("cover colours") { db in
            try db.execute(sql: """
                ALTER TABLE books ADD COLUMN cover_colors TEXT;
                UPDATE books SET cover_colors = (SELECT colors FROM covers WHERE covers.book_id = books.id);
                DROP VIEW books_with_loans;
                CREATE VIEW books_with_loans AS
                SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due
                FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
                """)
        }
        // Search by words in FTS5 (`BookSearch`: folded in Swift, so that every store finds the
        // same books), the indexes behind the status filters and the loan histories, the number
        // of books kept by triggers, as counting a large table reads all of it, a change number
        // that every write moves, for the counts kept (`BookCountCache`), and whether each book
        // is out, kept by triggers on the loans, so that a page of the books on the shelf is
        // read from an index of them rather than by looking up each book's loan.
        migrator.registerMigration("search and loan indexes") { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE books_search USING fts5(words, tokenize = 'ascii', prefix = '1 2 3');
                CREATE INDEX loans_book_history ON loans(book_id, checked_out DESC, id DESC);
                DROP INDEX loans_borrower;
                CREATE INDEX loans_borrower_history ON loans(borrower COLLATE NOCASE, checked_out DESC, id DESC);
                CREATE INDEX loans_open_due ON loans(due) WHERE returned IS NULL;
                CREATE INDEX loans_history ON loans(checked_out DESC, id DESC);
                CREATE TABLE book_count (books INTEGER NOT NULL);
                INSERT INTO book_count SELECT count(*) FROM books;
                CREATE TRIGGER book_count_insert AFTER INSERT ON books BEGIN UPDATE book_count SET books = books + 1; END;
                CREATE TRIGGER book_count_delete AFTER DELETE ON books BEGIN UPDATE book_count SET books = books - 1; END;
                CREATE TABLE library_changes (number INTEGER NOT NULL);
                INSERT INTO library_changes VALUES (0);
                CREATE TRIGGER library_changes_book_insert AFTER INSERT ON books BEGIN UPDATE library_changes SET number = number + 1; END;
                CREATE TRIGGER library_changes_book_update AFTER UPDATE ON books BEGIN UPDATE library_changes SET number = number + 1; END;
                CREATE TRIGGER library_changes_book_delete AFTER DELETE ON books BEGIN UPDATE library_changes SET number = number + 1; END;
                CREATE TRIGGER library_changes_loan_insert AFTER INSERT ON loans BEGIN UPDATE library_changes SET number = number + 1; END;
                CREATE TRIGGER library_changes_loan_update AFTER UPDATE ON loans BEGIN UPDATE library_changes SET number = number + 1; END;
                CREATE TRIGGER library_changes_loan_delete AFTER DELETE ON loans BEGIN UPDATE library_changes SET number = number + 1; END;
                ALTER TABLE books ADD COLUMN on_loan INTEGER NOT NULL DEFAULT 0;
                UPDATE books SET on_loan = 1 WHERE id IN (SELECT book_id FROM loans WHERE returned IS NULL);
                CREATE TRIGGER books_on_loan_open AFTER INSERT ON loans WHEN NEW.returned IS NULL
                BEGIN UPDATE books SET on_loan = 1 WHERE id = NEW.book_id; END;
                CREATE TRIGGER books_on_loan_close AFTER UPDATE OF returned ON loans WHEN OLD.returned IS NULL AND NEW.returned IS NOT NULL
                BEGIN UPDATE books SET on_loan = 0 WHERE id = NEW.book_id; END;
                CREATE TRIGGER books_on_loan_gone AFTER DELETE ON loans WHEN OLD.returned IS NULL
                BEGIN UPDATE books SET on_loan = 0 WHERE id = OLD.book_id; END;
                CREATE INDEX books_on_shelf ON books(id) WHERE on_loan = 0;
                """)
            let rows = try Row.fetchCursor(db, sql: "SELECT id, title, author, publisher, categories FROM books")
            while let row = try rows.next() {
                try indexWords(BookSearch.words(of: BookFields(title: row["title"], author: row["author"], publisher: row["publisher"], categories: row["categories"])),
                               of: Book.ID(rawValue: row["id"]), in: db)
            }
        }
        // How many loans are open, kept by triggers beside the number of books: the list of the
        // books on the shelf or out counts them on every page.
        migrator.registerMigration("open loan count") { db in
            try db.execute(sql: """
                ALTER TABLE book_count ADD COLUMN on_loan INTEGER NOT NULL DEFAULT 0;
                UPDATE book_count SET on_loan = (SELECT count(*) FROM loans WHERE returned IS NULL);
                CREATE TRIGGER book_count_loan_open AFTER INSERT ON loans WHEN NEW.returned IS NULL
                BEGIN UPDATE book_count SET on_loan = on_loan + 1; END;
                CREATE TRIGGER book_count_loan_close AFTER UPDATE OF returned ON loans WHEN OLD.returned IS NULL AND NEW.returned IS NOT NULL
                BEGIN UPDATE book_count SET on_loan = on_loan - 1; END;
                CREATE TRIGGER book_count_loan_gone AFTER DELETE ON loans WHEN OLD.returned IS NULL
                BEGIN UPDATE book_count SET on_loan = on_loan - 1; END;
                """)
        }
        // Migrations write with the tables as they are at their turn, never through the reads of
        // later versions.
        migrator.registerMigration("sample library") { db in
            guard seeded else { return }
            for fields in SampleLibrary.books {
                try db.execute(sql: "INSERT INTO books (title, author, publisher, categories, isbn) VALUES (?, ?, ?, ?, ?)",
                               arguments: [fields.title, fields.author, fields.publisher, fields.categories, fields.isbn])
                try indexWords(BookSearch.words(of: fields), of: Book.ID(rawValue: db.lastInsertedRowID), in: db)
            }
        }
        // Books found by their ISBN, in both forms.
        migrator.registerMigration("search by isbn and borrower") { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT b.id, b.title, b.author, b.publisher, b.categories, b.isbn, l.borrower
                FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL
                """)
            for row in rows {
                let fields = BookFields(title: row["title"], author: row["author"], publisher: row["publisher"], categories: row["categories"], isbn: row["isbn"])
                try indexWords(BookSearch.words(of: fields), of: Book.ID(rawValue: row["id"]), in: db)
            }
        }
        // Never by who has a book: the words again, without the borrowers the last one added.
        migrator.registerMigration("search without borrowers") { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, title, author, publisher, categories, isbn FROM books") {
                let fields = BookFields(title: row["title"], author: row["author"], publisher: row["publisher"], categories: row["categories"], isbn: row["isbn"])
                try indexWords(BookSearch.words(of: fields), of: Book.ID(rawValue: row["id"]), in: db)
            }
        }
        // Patrons as records, loans to them with their renewals, and holds. Each borrower of the
        // loans kept so far becomes a patron, found by name as the original clients name them.
        migrator.registerMigration("patrons and holds") { db in
            try db.execute(sql: """
                CREATE TABLE patrons (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    card TEXT,
                    email TEXT,
                    phone TEXT,
                    notes TEXT,
                    reminders_off INTEGER NOT NULL DEFAULT 0,
                    version INTEGER NOT NULL DEFAULT 1,
                    words TEXT NOT NULL
                );
                CREATE UNIQUE INDEX patrons_card ON patrons(card COLLATE NOCASE) WHERE card IS NOT NULL;
                CREATE INDEX patrons_by_name ON patrons(name_key, id);
                ALTER TABLE loans ADD COLUMN patron_id INTEGER REFERENCES patrons(id);
                ALTER TABLE loans ADD COLUMN renewals INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX loans_patron_history ON loans(patron_id, checked_out DESC, id DESC);
                CREATE TABLE holds (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    patron_id INTEGER NOT NULL REFERENCES patrons(id),
                    placed DATETIME NOT NULL,
                    state TEXT NOT NULL,
                    ready_at DATETIME,
                    expires DATETIME,
                    ended DATETIME
                );
                CREATE INDEX holds_queue ON holds(book_id, id) WHERE state IN ('waiting', 'ready');
                CREATE UNIQUE INDEX holds_one_per_patron ON holds(book_id, patron_id) WHERE state IN ('waiting', 'ready');
                CREATE INDEX holds_of_patron ON holds(patron_id, id DESC);
                CREATE INDEX holds_ready ON holds(ready_at, id) WHERE state = 'ready';
                DROP VIEW books_with_loans;
                CREATE VIEW books_with_loans AS
                SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due, l.patron_id, l.renewals
                FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
                """)
            for name in try String.fetchAll(db, sql: "SELECT borrower FROM loans GROUP BY borrower COLLATE NOCASE ORDER BY MIN(id)") {
                let patron = try insertPatron(PatronFields(name: name), in: db)
                try db.execute(sql: "UPDATE loans SET patron_id = ? WHERE borrower = ? COLLATE NOCASE", arguments: [patron.id.rawValue, name])
            }
        }
        // The reminders' outbox: a letter per key, claimed by one sender at a time.
        migrator.registerMigration("reminder outbox") { db in
            try db.execute(sql: """
                CREATE TABLE reminder_outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    key TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL,
                    patron_id INTEGER NOT NULL REFERENCES patrons(id),
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    loan_id INTEGER,
                    hold_id INTEGER,
                    due DATETIME NOT NULL,
                    recipient TEXT NOT NULL,
                    recipient_name TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    body TEXT NOT NULL,
                    state TEXT NOT NULL DEFAULT 'queued',
                    attempts INTEGER NOT NULL DEFAULT 0,
                    queued DATETIME NOT NULL,
                    next_attempt DATETIME NOT NULL,
                    lease_until DATETIME,
                    claimed_by TEXT,
                    ended DATETIME,
                    last_error TEXT
                );
                CREATE INDEX reminder_outbox_due ON reminder_outbox(next_attempt, id) WHERE state = 'queued';
                CREATE INDEX reminder_outbox_recent ON reminder_outbox(id DESC, state);
                CREATE INDEX reminder_outbox_patron ON reminder_outbox(patron_id);
                """)
        }
        return migrator
    }

    // MARK: Books

    public func books(_ query: BookQuery, at date: Date, range: BookRange) async throws -> [Book] {
        let stretches = self.stretches
        return try shortRead { db in try Self.books(query, at: date, range: range, in: db, stretches: stretches) }
    }

    public func page(_ query: BookQuery, at date: Date, number: Int, size: Int) async throws -> BookPage {
        let (counts, stretches) = (self.counts, self.stretches)
        return try shortRead { db in
            let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT books FROM book_count")) ?? 0
            let matching = query.isUnfiltered ? total : try Self.count(query, at: date, of: total, in: db, counts: counts)
            let number = BookPage.clamped(number, size: size, matching: matching)
            let books = try Self.books(query, at: date, range: BookRange(offset: (number - 1) * size, limit: size), in: db, stretches: stretches)
            return BookPage(books: books, number: number, size: size, matching: matching, total: total)
        }
    }

    private static func books(_ query: BookQuery, at date: Date, range: BookRange, in db: Database, stretches: StretchStarts) throws -> [Book] {
        var range = range
        // A deep page of the whole list or the shelf starts at its stretch of a thousand.
        if range.after == nil, StretchStarts.applies(to: query, offset: range.offset) {
            let change = try change(in: db)
            var starts = stretches.starts(query.status, change: change)
            if !StretchStarts.reach(range.offset, starts) {
                // Each stretch's first id from the one before: the list's first, then a thousand on.
                while !StretchStarts.reach(range.offset, starts), let next = try SQLRequest<Int64>(literal: """
                    \(picked(query, at: date, after: starts.last.map(Book.ID.init(rawValue:))).ids) \
                    ORDER BY id LIMIT 1 OFFSET \(starts.isEmpty ? 0 : StretchStarts.length - 1)
                    """, cached: true).fetchOne(db) {
                    starts.append(next)
                }
                stretches.keep(starts, for: query.status, change: change)
            }
            guard let start = StretchStarts.stretch(of: range.offset, in: starts) else { return [] }
            range = BookRange(after: Book.ID(rawValue: start.id - 1), offset: start.skipping, limit: range.limit)
        }
        // The page's ids first, from the narrowest source (the search index, the open loans or
        // the books), then their rows: an offset skips ids, never whole rows.
        let (ids, key) = picked(query, at: date, after: range.after)
        // Rows read straight from the statement, as they come, rather than copied first.
        return try Array(SQLRequest<Row>(literal: """
            SELECT \(columns) FROM books_with_loans WHERE id IN (\(ids) ORDER BY \(key) LIMIT \(range.limit) OFFSET \(range.offset)) ORDER BY id
            """, cached: true).fetchCursor(db).map(book))
    }

    /// How many books match `query`, of the `total` the library has. Without words, from the
    /// counts kept by triggers (the overdue ones from the open loans' due dates); a search's is
    /// kept until the library changes.
    private static func count(_ query: BookQuery, at date: Date, of total: Int, in db: Database, counts: BookCountCache) throws -> Int {
        guard query.searchTerms.isEmpty else {
            let change = try change(in: db)
            if let kept = counts.count(query, change: change) { return kept }
            let count = try SQLRequest<Int>(literal: "SELECT count(*) FROM (\(picked(query, at: date, after: nil).ids))").fetchOne(db) ?? 0
            counts.keep(count, for: query, change: change)
            return count
        }
        guard query.status == .overdue else {
            let out = try Int.fetchOne(db.cachedStatement(sql: "SELECT on_loan FROM book_count")) ?? 0
            return query.status.count(ofBooks: total, onLoan: out) ?? 0
        }
        return try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM loans WHERE returned IS NULL AND due < ?"), arguments: [date]) ?? 0
    }

    public func books(ids: [Book.ID]) async throws -> [Book] {
        try await read { db in
            try Array(SQLRequest<Row>(literal: "SELECT \(Self.columns) FROM books_with_loans WHERE id IN \(ids.map(\.rawValue)) ORDER BY id").fetchCursor(db).map(Self.book))
        }
    }

    /// A statement selecting the ids of the books `query` picks, after `after`, and the column
    /// to order them by. Values are bound, never spliced into the SQL.
    private static func picked(_ query: BookQuery, at date: Date, after: Book.ID?) -> (ids: SQL, key: SQL) {
        let terms = query.searchTerms
        var ids: SQL
        var conditions: [SQL] = []
        let key: SQL
        if terms.isEmpty {
            switch query.status {
            case .onLoan, .overdue:
                // Few books are out: their loans are the place to start.
                key = "book_id"
                ids = "SELECT book_id FROM loans"
                conditions.append("returned IS NULL")
                if query.status == .overdue { conditions.append("due < \(date)") }
                if let after { conditions.append("book_id > \(after.rawValue)") }
                return (ids + " WHERE " + conditions.joined(separator: " AND "), key)
            case .all:
                key = "id"
                ids = "SELECT id FROM books"
            case .available:
                key = "id"
                ids = "SELECT id FROM books INDEXED BY books_on_shelf"
                conditions.append("on_loan = 0")
                if let after { conditions.append("id > \(after.rawValue)") }
                return (ids + " WHERE " + conditions.joined(separator: " AND "), key)
            }
        } else {
            key = "rowid"
            ids = "SELECT rowid FROM books_search"
            conditions.append("books_search MATCH \(BookSearch.fts5Query(terms))")
        }
        // "+" keeps these tests of each match from becoming lookups that run the search once per
        // open loan: the search runs once, and each match is looked for among the few loans.
        switch query.status {
        case .all: break
        case .available: conditions.append("+\(key) NOT IN (SELECT book_id FROM loans WHERE returned IS NULL)")
        case .onLoan: conditions.append("+\(key) IN (SELECT book_id FROM loans WHERE returned IS NULL)")
        case .overdue: conditions.append("+\(key) IN (SELECT book_id FROM loans WHERE returned IS NULL AND due < \(date))")
        }
        if let after { conditions.append("\(key) > \(after.rawValue)") }
        if !conditions.isEmpty { ids += " WHERE " + conditions.joined(separator: " AND ") }
        return (ids, key)
    }

    /// Keeps `words` as the book's words for search, replacing those it had.
    private static func indexWords(_ words: String, of id: Book.ID, in db: Database) throws {
        try db.execute(sql: "DELETE FROM books_search WHERE rowid = ?", arguments: [id.rawValue])
        try db.execute(sql: "INSERT INTO books_search (rowid, words) VALUES (?, ?)", arguments: [id.rawValue, words])
    }

    /// `book`, its words for search kept as it now is (its fields, ISBN and borrower), inside the
    /// caller's transaction: every write that changes one of them ends here.
    static func indexed(_ book: Book, in db: Database) throws -> Book {
        try indexWords(BookSearch.words(of: book), of: book.id, in: db)
        return book
    }

    public func book(id: Book.ID) async throws -> Book? {
        try shortRead { db in try Self.book(id: id, in: db) }
    }

    public func change() async throws -> Int64 {
        try shortRead(Self.change(in:))
    }

    /// The change number, as `db` sees it.
    private static func change(in db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT number FROM library_changes")) ?? 0
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
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE books SET title = ?, author = ?, publisher = ?, categories = ?, isbn = ?, version = version + 1
                    WHERE id = ? AND (? IS NULL OR version = ?)
                    """,
                arguments: [fields.title, fields.author, fields.publisher, fields.categories, fields.isbn, id.rawValue, expectedVersion, expectedVersion])
            try Self.requireChange(id: id, in: db)
            if let cover { _ = try Self.write(cover, of: id, in: db) }
            // The loan in the same transaction: refused, it takes the edit with it.
            guard let lend else { return try Self.indexed(Self.existingBook(id: id, in: db), in: db) }
            return try Self.circulate(id, lend, expectedVersion: nil, in: db).book
        }
    }

    public func delete(id: Book.ID, expectedVersion: Int?) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM books WHERE id = ? AND (? IS NULL OR version = ?)", arguments: [id.rawValue, expectedVersion, expectedVersion])
            try Self.requireChange(id: id, in: db)
            try db.execute(sql: "DELETE FROM books_search WHERE rowid = ?", arguments: [id.rawValue])
        }
    }

    public func deleteAll() async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM reminder_outbox; DELETE FROM holds; DELETE FROM loans; DELETE FROM books; DELETE FROM books_search; DELETE FROM patrons")
        }
    }

    // MARK: Covers

    public func cover(of id: Book.ID) async throws -> StoredCover? {
        try shortRead { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT media_type, bytes, colors FROM covers WHERE book_id = ?", arguments: [id.rawValue]) else {
                _ = try Self.existingBook(id: id, in: db)
                return nil
            }
            let bytes: Data = row["bytes"]
            let colors: String? = row["colors"]
            return StoredCover(mediaType: row["media_type"], bytes: [UInt8](bytes), colors: colors.flatMap(CoverColors.init(text:)))
        }
    }

    public func setCover(_ change: CoverChange, of id: Book.ID, expectedVersion: Int?) async throws -> Book {
        try await write { db in
            let book = try Self.existingBook(id: id, in: db)
            if let expectedVersion, expectedVersion != book.version { throw LibraryError.versionMismatch(id: id, current: book.version) }
            return try Self.write(change, of: id, in: db)
        }
    }

    /// Writes the cover, and its colours and a new version on the book.
    private static func write(_ change: CoverChange, of id: Book.ID, in db: Database) throws -> Book {
        let cover = change.cover
        if let cover {
            try db.execute(sql: "INSERT OR REPLACE INTO covers (book_id, media_type, bytes, colors) VALUES (?, ?, ?, ?)",
                           arguments: [id.rawValue, cover.mediaType, Data(cover.bytes), cover.colors?.text])
        } else {
            try db.execute(sql: "DELETE FROM covers WHERE book_id = ?", arguments: [id.rawValue])
        }
        try db.execute(sql: "UPDATE books SET has_cover = ?, cover_colors = ?, version = version + 1 WHERE id = ?",
                       arguments: [cover != nil, cover?.colors?.text, id.rawValue])
        return try existingBook(id: id, in: db)
    }

    // MARK: Loans

    public func insertLoan(_ loan: LibraryCSV.LoanRow) async throws -> Loan {
        try await write { db in
            _ = try Self.existingBook(id: loan.bookID, in: db)
            let patron = try Self.resolve(.name(loan.borrower), in: db)
            do {
                try db.execute(sql: "INSERT INTO loans (book_id, borrower, patron_id, checked_out, due, returned) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [loan.bookID.rawValue, loan.borrower, patron.id.rawValue, loan.checkedOut, loan.due, loan.returned])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                let book = try Self.existingBook(id: loan.bookID, in: db)
                throw LibraryError.onLoan(id: loan.bookID, borrower: book.loan?.borrower ?? "someone", since: book.loan?.checkedOut ?? loan.checkedOut)
            }
            let id = Loan.ID(rawValue: db.lastInsertedRowID)
            try db.execute(
                sql: """
                    UPDATE books SET last_checked_out = ?, last_checked_out_by = ?, version = version + 1
                    WHERE id = ? AND (last_checked_out IS NULL OR last_checked_out < ?)
                    """,
                arguments: [loan.checkedOut, loan.borrower, loan.bookID.rawValue, loan.checkedOut])
            if loan.returned == nil { _ = try Self.indexed(Self.existingBook(id: loan.bookID, in: db), in: db) }
            return Loan(id: id, bookID: loan.bookID, borrower: loan.borrower, patronID: patron.id, checkedOut: loan.checkedOut, due: loan.due, returned: loan.returned)
        }
    }

    public func loans(_ selection: LoanSelection) async throws -> [Loan] {
        switch selection {
        case .book(let id):
            // A book's history is short; the others may hold any number of loans.
            return try shortRead { db in try Self.loans(in: db, "SELECT * FROM loans WHERE book_id = ? ORDER BY checked_out DESC, id DESC", [id.rawValue]) }
        case .borrower(let name):
            return try await read { db in try Self.loans(in: db, "SELECT * FROM loans WHERE borrower = ? COLLATE NOCASE ORDER BY checked_out DESC, id DESC", [name]) }
        case .patron(let id):
            return try await read { db in try Self.loans(in: db, "SELECT * FROM loans WHERE patron_id = ? ORDER BY checked_out DESC, id DESC", [id.rawValue]) }
        case .overdue(let date):
            return try await read { db in try Self.loans(in: db, "SELECT * FROM loans WHERE returned IS NULL AND due < ? ORDER BY checked_out DESC, id DESC", [date]) }
        case .all:
            return try await read { db in try Self.loans(in: db, "SELECT * FROM loans ORDER BY checked_out DESC, id DESC", []) }
        }
    }

    static func loans(in db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [Loan] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            Loan(id: Loan.ID(rawValue: row["id"]), bookID: Book.ID(rawValue: row["book_id"]), borrower: row["borrower"],
                 patronID: (row["patron_id"] as Int64?).map(Patron.ID.init(rawValue:)), checkedOut: row["checked_out"], due: row["due"],
                 returned: row["returned"], renewals: row["renewals"])
        }
    }

    // MARK: Rows

    static func insert(_ fields: BookFields, in db: Database) throws -> Book {
        try db.execute(sql: "INSERT INTO books (title, author, publisher, categories, isbn) VALUES (?, ?, ?, ?, ?)",
                       arguments: [fields.title, fields.author, fields.publisher, fields.categories, fields.isbn])
        return try indexed(existingBook(id: Book.ID(rawValue: db.lastInsertedRowID), in: db), in: db)
    }

    static func book(id: Book.ID, in db: Database) throws -> Book? {
        try Row.fetchOne(db.cachedStatement(literal: "SELECT \(columns) FROM books_with_loans WHERE id = \(id.rawValue)")).map(book)
    }

    static func existingBook(id: Book.ID, in db: Database) throws -> Book {
        guard let book = try book(id: id, in: db) else { throw LibraryError.notFound(id: id) }
        return book
    }

    /// After a statement conditioned on the id and version: why nothing changed, if nothing did.
    private static func requireChange(id: Book.ID, in db: Database) throws {
        guard db.changesCount == 0 else { return }
        let book = try existingBook(id: id, in: db)
        throw LibraryError.versionMismatch(id: id, current: book.version)
    }

    /// The columns `book(_:)` reads, by position: a name is looked up in every row, a position not.
    static let columns: SQL = """
        id, title, author, publisher, categories, isbn, last_checked_out, last_checked_out_by, version, has_cover, cover_colors, \
        loan_id, borrower, checked_out, due, patron_id, renewals
        """

    static func book(_ row: Row) -> Book {
        let id = Book.ID(rawValue: row[0])
        let loanID: Int64? = row[11]
        let colors: String? = row[10]
        return Book(
            id: id, title: row[1], author: row[2], publisher: row[3], categories: row[4], isbn: row[5],
            lastCheckedOut: row[6], lastCheckedOutBy: row[7], version: row[8],
            loan: loanID.map {
                Loan(id: Loan.ID(rawValue: $0), bookID: id, borrower: row[12], patronID: (row[15] as Int64?).map(Patron.ID.init(rawValue:)),
                     checkedOut: row[13], due: row[14], renewals: row[16] ?? 0)
            },
            hasCover: row[9] ?? false, coverColors: colors.flatMap(CoverColors.init(text:)))
    }
}
