import Foundation

/// Where the library lives: SQLite by default, PostgreSQL for several web nodes. Stores keep
/// the rules that must hold under concurrency in the database itself: a book has at most one
/// open loan, and an edit or a checkout given an expected version applies only to that version.
///
/// Stores throw `LibraryError` for what the library refuses and `LibraryStoreError` when the
/// database itself fails, never their driver's errors.
public protocol LibraryStore: Sendable {
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
    /// Adds a book, with its cover and checked out at once when they are given, in one transaction.
    func insert(_ fields: BookFields, checkout: Checkout?, cover: StoredCover?) async throws -> Book
    /// Writes the book's fields and, when given, its cover and its loan, in one transaction: all
    /// or nothing. Throws `LibraryError.notFound`, `.versionMismatch` or `.onLoan`.
    func update(id: Book.ID, _ fields: BookFields, checkout: Checkout?, cover: CoverChange?, expectedVersion: Int?) async throws -> Book
    func delete(id: Book.ID, expectedVersion: Int?) async throws
    /// Every book and every loan.
    func deleteAll() async throws
    /// Opens a loan, and sets `lastCheckedOut` and `lastCheckedOutBy`, in one transaction;
    /// throws `LibraryError.onLoan` naming the borrower when the book is already out.
    func checkOut(id: Book.ID, _ checkout: Checkout, expectedVersion: Int?) async throws -> Book
    /// Closes the open loan; throws `LibraryError.notOnLoan` when there is none.
    func checkIn(id: Book.ID, at date: Date) async throws -> Book
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
        try await insert(fields, checkout: nil, cover: nil)
    }

    public func insert(_ fields: BookFields, checkout: Checkout?) async throws -> Book {
        try await insert(fields, checkout: checkout, cover: nil)
    }

    public func update(id: Book.ID, _ fields: BookFields, checkout: Checkout?, expectedVersion: Int?) async throws -> Book {
        try await update(id: id, fields, checkout: checkout, cover: nil, expectedVersion: expectedVersion)
    }

    /// Keeps `cover` as the book's, or removes its cover when nil, whatever its version.
    public func setCover(_ cover: StoredCover?, of id: Book.ID) async throws -> Book {
        try await setCover(cover.map(CoverChange.set) ?? .remove, of: id, expectedVersion: nil)
    }
}
