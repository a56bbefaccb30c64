import CoreMetrics
import Foundation
import Library
import ListorSQL
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Tagged

/// The library in PostgreSQL, so that several web nodes can share it. The same rules as the
/// SQLite store, kept by the database: a partial unique index allows one open loan per book,
/// and edits given a version change only that version, in one statement.
///
/// The `PostgresClient` must be running (`client.run()`) while the store is used; `withStore(at:)`
/// runs one. postgres-nio's errors do not leave this type: they become `LibraryStoreError`s
/// with the server's message or the connection's failure.
public final class PostgresLibraryStore: LibraryStore {
    let client: PostgresClient
    let logger: Logger
    /// The database's URL without its password, for messages.
    private let location: String
    private let counts = BookCountCache()
    private let stretches = StretchStarts()
    /// `listor_db_connections_in_use{database="library", access="any"}`: operations holding one
    /// of the client's connections, against `listor_db_connections_maximum`.
    private let inUse: Meter

    public init(client: PostgresClient, location: String = "PostgreSQL", logger: Logger = Logger(label: "listor.library.postgres"),
                maximumConnections: Int? = nil, metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.client = client
        self.location = location
        self.logger = logger
        inUse = Meter(label: "listor_db_connections_in_use", dimensions: [("database", "library"), ("access", "any")], factory: metrics)
        if let maximumConnections {
            Meter(label: "listor_db_connections_maximum", dimensions: [("database", "library"), ("access", "any")], factory: metrics).set(maximumConnections)
        }
    }

    /// Runs `body` with the store of the database at `url`: connected, its client running and its
    /// schema migrated. A database that cannot be used fails at once with the reason, where a
    /// pool would keep retrying for a minute.
    public static func withStore<T: Sendable>(at url: PostgresURL, seeded: Bool = true, logger: Logger = Logger(label: "listor.library.postgres"),
                                              metrics: any MetricsFactory = NOOPMetricsHandler.instance,
                                              _ body: @Sendable (PostgresLibraryStore) async throws -> T) async throws -> T {
        do { try await url.checkConnection(logger: logger) } catch {
            throw LibraryStoreError(.unreachable, "cannot use the library database at \(url): \(PostgresProblem.reason(error, target: url.address))", underlying: error)
        }
        let client = PostgresClient(configuration: url.clientConfiguration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let store = PostgresLibraryStore(client: client, location: url.description, logger: logger,
                                             maximumConnections: url.clientConfiguration.options.maximumConnections, metrics: metrics)
            try await store.migrate(seeded: seeded)
            return try await body(store)
        }
    }

    /// `body` with postgres-nio's errors translated; the library's own refusals pass as they are.
    func translating<T>(_ body: () async throws -> T) async throws -> T {
        inUse.increment()
        defer { inUse.decrement() }
        do {
            return try await body()
        } catch let error as PSQLError {
            let code: LibraryStoreError.Code = error.serverInfo == nil ? .unreachable : .failed
            throw LibraryStoreError(code, "cannot use the library database at \(location): \(PostgresProblem.reason(error))", underlying: error)
        } catch let error as PostgresTransactionError {
            throw LibraryStoreError(.failed, "cannot use the library database at \(location): \(error)", underlying: error)
        }
    }

    /// Creates the tables on a new database, once even when several nodes start together, and
    /// gives a new database the sample library when `seeded`.
    public func migrate(seeded: Bool = true) async throws {
        try await translating {
            try await transaction { connection in
                try await LibraryMigrations.migrator(seeded: seeded).migrate(on: connection, logger: logger)
            }
        }
    }

    // MARK: Covers

    public func cover(of id: Book.ID) async throws -> StoredCover? {
        try await translating {
            try await client.withConnection { connection in
                let rows = try await connection.query("SELECT media_type, bytes, colors FROM covers WHERE book_id = \(id.rawValue)", logger: logger)
                for try await (mediaType, bytes, colors) in rows.decode((String, ByteBuffer, String?).self) {
                    return StoredCover(mediaType: mediaType, bytes: Array(bytes.readableBytesView), colors: colors.flatMap(CoverColors.init(text:)))
                }
                _ = try await Self.existingBook(id: id, on: connection, logger: logger)
                return nil
            }
        }
    }

    public func setCover(_ change: CoverChange, of id: Book.ID, expectedVersion: Int?) async throws -> Book {
        try await translating {
            try await transaction { connection in
                let book = try await Self.lockedBook(id: id, on: connection, logger: logger)
                if let expectedVersion, expectedVersion != book.version { throw LibraryError.versionMismatch(id: id, current: book.version) }
                return try await Self.write(change, of: id, on: connection, logger: logger)
            }
        }
    }

    /// The book, its row locked until the transaction ends.
    static func lockedBook(id: Book.ID, on connection: PostgresConnection, logger: Logger) async throws -> Book {
        _ = try await connection.query("SELECT id FROM books WHERE id = \(id.rawValue) FOR UPDATE", logger: logger).collect()
        return try await existingBook(id: id, on: connection, logger: logger)
    }

    /// Writes the cover, and its colours and a new version on the book.
    private static func write(_ change: CoverChange, of id: Book.ID, on connection: PostgresConnection, logger: Logger) async throws -> Book {
        let cover = change.cover
        if let cover {
            let bytes = ByteBuffer(bytes: cover.bytes)
            try await connection.query("""
                INSERT INTO covers (book_id, media_type, bytes, colors) VALUES (\(id.rawValue), \(cover.mediaType), \(bytes), \(cover.colors?.text))
                ON CONFLICT (book_id) DO UPDATE SET media_type = excluded.media_type, bytes = excluded.bytes, colors = excluded.colors
                """, logger: logger)
        } else {
            try await connection.query("DELETE FROM covers WHERE book_id = \(id.rawValue)", logger: logger)
        }
        try await connection.query("""
            UPDATE books SET has_cover = \(cover != nil), cover_colors = \(cover?.colors?.text), version = version + 1 WHERE id = \(id.rawValue)
            """, logger: logger)
        return try await existingBook(id: id, on: connection, logger: logger)
    }

    // MARK: Books

    public func books(_ query: BookQuery, at date: Date, range: BookRange) async throws -> [Book] {
        try await books(query, at: date, range: range, change: nil)
    }

    /// The books of `query` in `range`; `change` is the change number when it was just read.
    private func books(_ query: BookQuery, at date: Date, range: BookRange, change known: Int64?) async throws -> [Book] {
        let (words, status) = Self.selection(query)
        var range = range
        // A deep page of the whole list or the shelf starts at its stretch of a thousand.
        if range.after == nil, StretchStarts.applies(to: query, offset: range.offset) {
            let change = if let known { known } else { try await change() }
            var starts = stretches.starts(query.status, change: change)
            if !StretchStarts.reach(range.offset, starts) {
                try await translating {
                    // Each stretch's first id from the one before: the list's first, then a thousand on.
                    while !StretchStarts.reach(range.offset, starts) {
                        let previous = starts.last
                        var next: Int64?
                        for try await id in try await client.query("""
                            SELECT id FROM books WHERE (\(status) = 'all' OR NOT on_loan) AND (\(previous)::bigint IS NULL OR id > \(previous))
                            ORDER BY id LIMIT 1 OFFSET \(previous == nil ? 0 : StretchStarts.length - 1)
                            """, logger: logger).decode(Int64.self) { next = id }
                        guard let next else { break }
                        starts.append(next)
                    }
                }
                stretches.keep(starts, for: query.status, change: change)
            }
            guard let start = StretchStarts.stretch(of: range.offset, in: starts) else { return [] }
            range = BookRange(after: Book.ID(rawValue: start.id - 1), offset: start.skipping, limit: range.limit)
        }
        // One statement for every query: PostgreSQL plans it with the values bound, so that the
        // conditions that do not apply fold away and the others use their indexes. The page's
        // ids first, then their rows: an offset skips ids in an index, never whole rows.
        return try await translating {
            try await Self.books(try await client.query("""
                SELECT * FROM books_with_loans WHERE id IN (
                    SELECT id FROM books
                    WHERE (\(words) = '' OR search_vector @@ to_tsquery('simple', \(words)))
                      AND (\(status) = 'all' OR (\(status) = 'available' AND NOT on_loan) OR (\(status) = 'on-loan' AND on_loan)
                           OR (\(status) = 'overdue' AND on_loan AND id IN (SELECT book_id FROM loans WHERE returned IS NULL AND due < \(date))))
                      AND (\(range.after?.rawValue)::bigint IS NULL OR id > \(range.after?.rawValue))
                    ORDER BY id LIMIT \(range.limit) OFFSET \(range.offset))
                ORDER BY id
                """, logger: logger))
        }
    }

    public func page(_ query: BookQuery, at date: Date, number: Int, size: Int) async throws -> BookPage {
        let (words, status) = Self.selection(query)
        let kept = counts.kept(query)
        let (change, total, out, counted) = try await translating {
            // The change number and the counts in one statement: the books and the open loans
            // kept by triggers, and the matches counted only when they must be (a search whose
            // count kept is of another change, or the overdue books, which time changes).
            let rows = try await client.query("""
                SELECT c.number, b.books, b.on_loan,
                       CASE WHEN (\(words) = '' AND \(status) <> 'overdue') OR c.number = \(kept?.change) THEN NULL ELSE (
                           SELECT count(*) FROM books
                           WHERE (\(words) = '' OR search_vector @@ to_tsquery('simple', \(words)))
                             AND (\(status) = 'all' OR (\(status) = 'available' AND NOT on_loan) OR (\(status) = 'on-loan' AND on_loan)
                                  OR (\(status) = 'overdue' AND on_loan AND id IN (SELECT book_id FROM loans WHERE returned IS NULL AND due < \(date))))
                       ) END
                FROM library_changes c, book_count b
                """, logger: logger)
            var found: (Int64, Int, Int, Int?) = (0, 0, 0, nil)
            for try await row in rows.decode((Int64, Int, Int, Int?).self) { found = row }
            return found
        }
        let matching: Int
        if query.searchTerms.isEmpty, let count = query.status.count(ofBooks: total, onLoan: out) {
            matching = count
        } else if let counted {
            counts.keep(counted, for: query, change: change)
            matching = counted
        } else {
            // Not counted: the count kept is of this change.
            matching = kept?.count ?? 0
        }
        let number = BookPage.clamped(number, size: size, matching: matching)
        let books = try await books(query, at: date, range: BookRange(offset: (number - 1) * size, limit: size), change: change)
        return BookPage(books: books, number: number, size: size, matching: matching, total: total)
    }

    public func books(ids: [Book.ID]) async throws -> [Book] {
        try await translating {
            try await Self.books(try await client.query("SELECT * FROM books_with_loans WHERE id = ANY(\(ids.map(\.rawValue))) ORDER BY id", logger: logger))
        }
    }

    /// The query's words as a `tsquery` ("" for none) and its status, as bound values.
    private static func selection(_ query: BookQuery) -> (words: String, status: String) {
        (BookSearch.tsQuery(query.searchTerms), query.status.rawValue)
    }

    public func book(id: Book.ID) async throws -> Book? {
        try await translating {
            var found: Book?
            for try await book in try await client.execute(BookStatement(id: id), logger: logger) { found = book }
            return found
        }
    }

    public func change() async throws -> Int64 {
        try await translating {
            var change: Int64 = 0
            for try await number in try await client.execute(ChangeNumberStatement(), logger: logger) { change = number }
            return change
        }
    }

    public func insert(_ fields: BookFields, lend: CirculationRequest?, cover: StoredCover?) async throws -> Book {
        try await translating {
            guard lend != nil || cover != nil else {
                return try await client.withConnection { connection in try await Self.insert(fields, on: connection, logger: logger) }
            }
            return try await transaction { connection in
                var book = try await Self.insert(fields, on: connection, logger: logger)
                if let cover { book = try await Self.write(.set(cover), of: book.id, on: connection, logger: logger) }
                guard let lend else { return book }
                return try await Self.circulate(book.id, lend, expectedVersion: nil, on: connection, logger: logger).book
            }
        }
    }

    public func update(id: Book.ID, _ fields: BookFields, lend: CirculationRequest?, cover: CoverChange?, expectedVersion: Int?) async throws -> Book {
        try await translating {
            try await opening(lend?.date, of: id) {
                try await transaction { connection in
                    let changed = try await connection.query("""
                        UPDATE books SET title = \(fields.title), author = \(fields.author), publisher = \(fields.publisher),
                            categories = \(fields.categories), isbn = \(fields.isbn), version = version + 1
                        WHERE id = \(id.rawValue) AND (\(expectedVersion)::integer IS NULL OR version = \(expectedVersion))
                        RETURNING id
                        """, logger: logger).collect()
                    try await Self.requireChange(changed, id: id, on: connection, logger: logger)
                    if let cover { _ = try await Self.write(cover, of: id, on: connection, logger: logger) }
                    // The loan in the same transaction: refused, it takes the edit with it.
                    guard let lend else {
                        return try await Self.indexed(Self.existingBook(id: id, on: connection, logger: logger), on: connection, logger: logger)
                    }
                    return try await Self.circulate(id, lend, expectedVersion: nil, on: connection, logger: logger).book
                }
            }
        }
    }

    public func delete(id: Book.ID, expectedVersion: Int?) async throws {
        try await translating {
            try await transaction { connection in
                let deleted = try await connection.query("""
                    DELETE FROM books WHERE id = \(id.rawValue) AND (\(expectedVersion)::integer IS NULL OR version = \(expectedVersion)) RETURNING id
                    """, logger: logger).collect()
                try await Self.requireChange(deleted, id: id, on: connection, logger: logger)
            }
        }
    }

    public func deleteAll() async throws {
        try await translating {
            _ = try await client.query("TRUNCATE reminder_outbox, covers, holds, loans, books, patrons", logger: logger)
        }
    }

    // MARK: Loans

    /// `body`, a transaction that opens a loan of book `id`; the unique index's refusal, which
    /// ends the transaction, becomes `LibraryError.onLoan` naming who has the book.
    func opening<T>(_ date: Date?, of id: Book.ID, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.uniqueViolation.raw && error.serverInfo?[.constraintName] == "loans_one_open_per_book" {
            guard let date else { throw error }
            guard let book = try await book(id: id) else { throw LibraryError.notFound(id: id) }
            throw LibraryError.onLoan(id: id, borrower: book.loan?.borrower ?? "someone", since: book.loan?.checkedOut ?? date)
        }
    }

    public func insertLoan(_ loan: LibraryCSV.LoanRow) async throws -> Loan {
        try await translating {
            do {
                return try await transaction { connection in
                    _ = try await Self.existingBook(id: loan.bookID, on: connection, logger: logger)
                    let patron = try await Self.resolve(.name(loan.borrower), on: connection, logger: logger)
                    let rows = try await connection.query("""
                        INSERT INTO loans (book_id, borrower, patron_id, checked_out, due, returned)
                        VALUES (\(loan.bookID.rawValue), \(loan.borrower), \(patron.id.rawValue), \(loan.checkedOut), \(loan.due), \(loan.returned)) RETURNING id
                        """, logger: logger)
                    var id: Loan.ID = 0
                    for try await value in rows.decode(Int64.self) { id = Loan.ID(rawValue: value) }
                    try await connection.query("""
                        UPDATE books SET last_checked_out = \(loan.checkedOut), last_checked_out_by = \(loan.borrower), version = version + 1
                        WHERE id = \(loan.bookID.rawValue) AND (last_checked_out IS NULL OR last_checked_out < \(loan.checkedOut))
                        """, logger: logger)
                    if loan.returned == nil {
                        _ = try await Self.indexed(Self.existingBook(id: loan.bookID, on: connection, logger: logger), on: connection, logger: logger)
                    }
                    return Loan(id: id, bookID: loan.bookID, borrower: loan.borrower, patronID: patron.id, checkedOut: loan.checkedOut, due: loan.due,
                                returned: loan.returned)
                }
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.uniqueViolation.raw {
                guard let book = try await book(id: loan.bookID) else { throw LibraryError.notFound(id: loan.bookID) }
                throw LibraryError.onLoan(id: loan.bookID, borrower: book.loan?.borrower ?? "someone", since: book.loan?.checkedOut ?? loan.checkedOut)
            }
        }
    }

    public func loans(_ selection: LoanSelection) async throws -> [Loan] {
        let columns = Self.loanColumns
        return try await translating {
            let rows: PostgresRowSequence = switch selection {
            case .book(let id):
                try await client.query("SELECT \(unescaped: columns) FROM loans WHERE book_id = \(id.rawValue) ORDER BY checked_out DESC, id DESC", logger: logger)
            case .borrower(let name):
                try await client.query("""
                    SELECT \(unescaped: columns) FROM loans WHERE lower(borrower) = lower(\(name)) ORDER BY checked_out DESC, id DESC
                    """, logger: logger)
            case .patron(let id):
                try await client.query("SELECT \(unescaped: columns) FROM loans WHERE patron_id = \(id.rawValue) ORDER BY checked_out DESC, id DESC", logger: logger)
            case .overdue(let date):
                try await client.query("""
                    SELECT \(unescaped: columns) FROM loans WHERE returned IS NULL AND due < \(date) ORDER BY checked_out DESC, id DESC
                    """, logger: logger)
            case .all:
                try await client.query("SELECT \(unescaped: columns) FROM loans ORDER BY checked_out DESC, id DESC", logger: logger)
            }
            return try await Self.loans(rows)
        }
    }

    static let loanColumns = "id, book_id, borrower, patron_id, checked_out, due, returned, renewals"

    /// The loans of rows of `loanColumns`.
    static func loans(_ rows: PostgresRowSequence) async throws -> [Loan] {
        var loans: [Loan] = []
        for try await (id, bookID, borrower, patronID, checkedOut, due, returned, renewals) in rows.decode((Int64, Int64, String, Int64?, Date, Date, Date?, Int).self) {
            loans.append(Loan(id: Loan.ID(rawValue: id), bookID: Book.ID(rawValue: bookID), borrower: borrower, patronID: patronID.map(Patron.ID.init(rawValue:)),
                              checkedOut: checkedOut, due: due, returned: returned, renewals: renewals))
        }
        return loans
    }

    /// `body` in a transaction, rolled back if it throws; throws what `body` threw, not
    /// postgres-nio's wrapper around it.
    func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> sending Result) async throws -> Result {
        try await PostgresProblem.transaction(client, logger: logger, body)
    }

    // MARK: Rows

    private static func book(id: Book.ID, on connection: PostgresConnection, logger: Logger) async throws -> Book? {
        var found: Book?
        for try await book in try await connection.execute(BookStatement(id: id), logger: logger) { found = book }
        return found
    }

    static func existingBook(id: Book.ID, on connection: PostgresConnection, logger: Logger) async throws -> Book {
        guard let book = try await book(id: id, on: connection, logger: logger) else { throw LibraryError.notFound(id: id) }
        return book
    }

    /// `book`, its words for search kept as it now is (its fields, ISBN and borrower), inside the
    /// caller's transaction: every write that changes one of them ends here.
    static func indexed(_ book: Book, on connection: PostgresConnection, logger: Logger) async throws -> Book {
        try await connection.query("UPDATE books SET search_words = \(BookSearch.words(of: book)) WHERE id = \(book.id.rawValue)", logger: logger)
        return book
    }

    static func insert(_ fields: BookFields, on connection: PostgresConnection, logger: Logger) async throws -> Book {
        let rows = try await connection.query("""
            INSERT INTO books (title, author, publisher, categories, isbn, search_words)
            VALUES (\(fields.title), \(fields.author), \(fields.publisher), \(fields.categories), \(fields.isbn), \(BookSearch.words(of: fields))) RETURNING id
            """, logger: logger)
        for try await id in rows.decode(Int64.self) { return try await existingBook(id: Book.ID(rawValue: id), on: connection, logger: logger) }
        throw LibraryError.notFound(id: 0)
    }

    /// After a statement conditioned on the id and version: why nothing changed, if nothing did.
    private static func requireChange(_ rows: [PostgresRow], id: Book.ID, on connection: PostgresConnection, logger: Logger) async throws {
        guard rows.isEmpty else { return }
        let book = try await existingBook(id: id, on: connection, logger: logger)
        throw LibraryError.versionMismatch(id: id, current: book.version)
    }

    static func books(_ rows: PostgresRowSequence) async throws -> [Book] {
        var books: [Book] = []
        for try await row in rows { books.append(try book(row)) }
        return books
    }

    /// The columns of `books_with_loans` that `book(_:)` reads, in its order.
    static let bookColumns = """
        id, title, author, publisher, categories, isbn, last_checked_out, last_checked_out_by, version, \
        loan_id, borrower, checked_out, due, has_cover, cover_colors, patron_id, renewals
        """

    static func book(_ row: PostgresRow) throws -> Book {
        let columns = (Int64, String, String, String?, String?, String?, Date?, String?, Int, Int64?, String?, Date?, Date?, Bool, String?, Int64?, Int?).self
        let (id, title, author, publisher, categories, isbn, lastCheckedOut, lastCheckedOutBy, version, loanID, borrower, checkedOut, due, hasCover, coverColors,
             patronID, renewals) = try row.decode(columns)
        var loan: Loan?
        if let loanID, let borrower, let checkedOut, let due {
            loan = Loan(id: Loan.ID(rawValue: loanID), bookID: Book.ID(rawValue: id), borrower: borrower, patronID: patronID.map(Patron.ID.init(rawValue:)),
                        checkedOut: checkedOut, due: due, renewals: renewals ?? 0)
        }
        return Book(id: Book.ID(rawValue: id), title: title, author: author, publisher: publisher, categories: categories, isbn: isbn,
                    lastCheckedOut: lastCheckedOut, lastCheckedOutBy: lastCheckedOutBy, version: version, loan: loan, hasCover: hasCover,
                    coverColors: coverColors.flatMap(CoverColors.init(text:)))
    }
}
