import Foundation

/// Where the library lives: SQLite by default, PostgreSQL for several web nodes. Stores keep
/// the rules that must hold under concurrency in the database itself: a book has at most one
/// open loan, and an edit or a checkout given an expected version applies only to that version.
///
/// Stores throw `LibraryError` for what the library refuses and `LibraryStoreError` when the
/// database itself fails, never their driver's errors.
public protocol LibraryStore: ReminderOutbox {
    /// The books matching `query` (overdue as of `date`) within `range`, each with its open loan,
    /// in id order. The search and the status filters are answered from indexes.
    func books(_ query: BookQuery, at date: Date, range: BookRange) async throws -> [Book]
    /// Page `number` (from 1; past the last, the last) of `size` books matching `query`, overdue
    /// as of `date`, with how many match and how many the library has: read together, in one
    /// snapshot where the store can.
    func page(_ query: BookQuery, at date: Date, number: Int, size: Int) async throws -> BookPage
    /// The books with these ids, in id order; ids of no book are left out.
    func books(ids: [Book.ID]) async throws -> [Book]
    func book(id: Book.ID) async throws -> Book?
    /// The library's change number: every write to the books or the loans moves it on, from any
    /// process, so what was read at one number still holds while the number stays.
    func change() async throws -> Int64
    /// Adds a book, with its cover, and lent at once as `lend` decides, in one transaction.
    func insert(_ fields: BookFields, lend: CirculationRequest?, cover: StoredCover?) async throws -> Book
    /// Writes the book's fields and, when given, its cover and what `lend` decides, in one
    /// transaction: all or nothing. Throws `LibraryError.notFound`, `.versionMismatch`, or what
    /// `lend`'s rule throws.
    func update(id: Book.ID, _ fields: BookFields, lend: CirculationRequest?, cover: CoverChange?, expectedVersion: Int?) async throws -> Book
    func delete(id: Book.ID, expectedVersion: Int?) async throws
    /// Every book and every loan.
    func deleteAll() async throws
    /// Reads the book (at `expectedVersion`, when given), its queue, and the patron the request
    /// names with how many books they have out, in one transaction that holds the book and the
    /// patron against every other change; writes what the request's rule decides in it: all or nothing. A
    /// patron named by `.name` that does not exist is made in the same transaction. Opening a
    /// loan sets `lastCheckedOut` and `lastCheckedOutBy`; every change moves the book's version on.
    /// Throws `LibraryError.notFound`, `.patronNotFound`, `.cardNotFound`, `.versionMismatch`,
    /// or what the rule throws.
    func circulate(book id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?) async throws -> CirculationOutcome
    /// The holds selected, in queue order for a book, newest first for a patron.
    func holds(_ selection: HoldSelection) async throws -> [Hold]

    /// Adds a patron; throws `LibraryError.cardTaken` when another patron has the card.
    func insertPatron(_ fields: PatronFields) async throws -> Patron
    /// Writes the patron's fields, provided it is still at `expectedVersion` (nil for any).
    /// Throws `LibraryError.patronNotFound`, `.cardTaken` or `.patronChanged`.
    func updatePatron(id: Patron.ID, _ fields: PatronFields, expectedVersion: Int?) async throws -> Patron
    /// The patron `reference` names; nil when none does (a name is looked up, not made).
    func patron(_ reference: PatronReference) async throws -> Patron?
    /// Patrons whose name, card, email or phone holds `search` (folded; every patron when
    /// empty): one whose name is the search first, then by name and id; at most `limit`, after
    /// the first `offset`.
    func patrons(search: String, limit: Int, offset: Int) async throws -> [Patron]
    /// Makes the patron `merged` one with `kept`: its loans and holds become `kept`'s (of two
    /// holds of one book, the earlier place stays), and it is deleted; in one transaction.
    func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron
    /// Deletes the patron and what names them (their ended holds, their letters), keeping
    /// their past loans by the borrower's name; refused with `LibraryError.patronBusy` while
    /// they have books out or holds in a queue.
    func deletePatron(id: Patron.ID) async throws
    func loans(_ selection: LoanSelection) async throws -> [Loan]
    /// Records a loan from elsewhere (an import): an open one checks the book out, so it is
    /// refused with `LibraryError.onLoan` when the book is out; the book's `lastCheckedOut`
    /// follows the newest loan.
    func insertLoan(_ loan: LibraryCSV.LoanRow) async throws -> Loan
    /// The cover uploaded for the book; nil when it has none. Throws `LibraryError.notFound`.
    func cover(of id: Book.ID) async throws -> StoredCover?
    /// Keeps a new cover as the book's, or removes its cover, provided the book is still at
    /// `expectedVersion` (nil for any); the book's version goes up, so that its ETag and its
    /// cover's address change.
    func setCover(_ change: CoverChange, of id: Book.ID, expectedVersion: Int?) async throws -> Book
}

extension LibraryStore {
    /// Lends the book as `checkout` says, to the patron of its borrower's name (made if need
    /// be), without the rules of lending: for imports and tests. Throws `LibraryError.onLoan`.
    public func checkOut(id: Book.ID, _ checkout: Checkout, expectedVersion: Int?) async throws -> Book {
        try await circulate(book: id, .lending(checkout), expectedVersion: expectedVersion).book
    }

    /// Ends the open loan, whatever the queue; throws `LibraryError.notOnLoan`.
    public func checkIn(id: Book.ID, at date: Date) async throws -> Book {
        try await circulate(book: id, CirculationRequest(patron: nil, date: date) { state in
            guard state.book.loan != nil else { throw LibraryError.notOnLoan(id: state.book.id) }
            return CirculationChange(close: true)
        }, expectedVersion: nil).book
    }

    /// Every book, each with its open loan, in id order, read in batches.
    public func books() async throws -> [Book] {
        var books: [Book] = []
        var last: Book.ID?
        while true {
            let batch = try await self.books(BookQuery(), at: Date(), range: BookRange(after: last, limit: 1000))
            books += batch
            guard batch.count == 1000, let end = batch.last?.id else { return books }
            last = end
        }
    }

    /// Adds a book on the shelf.
    public func insert(_ fields: BookFields) async throws -> Book {
        try await insert(fields, lend: nil, cover: nil)
    }

    /// Adds a book, lent at once as `checkout` says, without the rules of lending.
    public func insert(_ fields: BookFields, checkout: Checkout?) async throws -> Book {
        try await insert(fields, lend: checkout.map(CirculationRequest.lending), cover: nil)
    }

    public func insert(_ fields: BookFields, checkout: Checkout?, cover: StoredCover?) async throws -> Book {
        try await insert(fields, lend: checkout.map(CirculationRequest.lending), cover: cover)
    }

    public func update(id: Book.ID, _ fields: BookFields, checkout: Checkout?, expectedVersion: Int?) async throws -> Book {
        try await update(id: id, fields, lend: checkout.map(CirculationRequest.lending), cover: nil, expectedVersion: expectedVersion)
    }

    /// Keeps `cover` as the book's, or removes its cover when nil, whatever its version.
    public func setCover(_ cover: StoredCover?, of id: Book.ID) async throws -> Book {
        try await setCover(cover.map(CoverChange.set) ?? .remove, of: id, expectedVersion: nil)
    }
}
