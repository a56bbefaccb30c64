import Foundation

/// Where the library lives: SQLite by default, PostgreSQL for several web nodes. Stores keep
/// the rules that must hold under concurrency in the database itself: a book has at most one
/// open loan, and an edit or a checkout given an expected version applies only to that version.
public protocol LibraryStore: Sendable {
    /// Every book, each with its open loan, in id order.
    func books() async throws -> [Book]
    func book(id: Int64) async throws -> Book?
    func insert(_ fields: BookFields) async throws -> Book
    /// Throws `LibraryError.notFound` or `.versionMismatch`.
    func update(id: Int64, _ fields: BookFields, expectedVersion: Int?) async throws -> Book
    func delete(id: Int64, expectedVersion: Int?) async throws
    /// Every book and every loan.
    func deleteAll() async throws
    /// Opens a loan, and sets `lastCheckedOut` and `lastCheckedOutBy`, in one transaction;
    /// throws `LibraryError.onLoan` naming the borrower when the book is already out.
    func checkOut(id: Int64, borrower: String, at date: Date, due: Date, expectedVersion: Int?) async throws -> Book
    /// Closes the open loan; throws `LibraryError.notOnLoan` when there is none.
    func checkIn(id: Int64, at date: Date) async throws -> Book
    func loans(_ selection: LoanSelection) async throws -> [Loan]
    /// Records a loan from elsewhere (an import): an open one checks the book out, so it is
    /// refused with `LibraryError.onLoan` when the book is out; the book's `lastCheckedOut`
    /// follows the newest loan.
    func insertLoan(_ loan: LibraryCSV.LoanRow) async throws -> Loan
}

/// Which loans to list, newest first.
public enum LoanSelection: Sendable, Hashable {
    case book(Int64)
    case borrower(String)
    /// Open loans due before the date.
    case overdue(at: Date)
    case all
}

/// What the library refuses, in words a person can act on.
public enum LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(id: Int64)
    case onLoan(id: Int64, borrower: String, since: Date)
    case notOnLoan(id: Int64)
    case versionMismatch(id: Int64, current: Int)

    public var description: String {
        switch self {
        case .notFound(let id): "there is no book \(id)"
        case .onLoan(let id, let borrower, _): "book \(id) is already checked out by \(borrower)"
        case .notOnLoan(let id): "book \(id) is not checked out"
        case .versionMismatch(let id, let current): "book \(id) has changed since it was read (it is now version \(current)); read it again"
        }
    }
}
