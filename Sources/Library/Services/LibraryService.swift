import Foundation
import ListorKit

/// The library as its views use it: the local store (`LocalLibrary`), or any Prolific-compatible
/// server over HTTP.
public protocol LibraryService: Sendable {
    func books(_ query: BookQuery) async throws -> [Book]
    func book(id: Int64) async throws -> Book
    /// Throws `FieldErrors` for a form that does not validate; nothing is written then.
    func add(_ form: BookForm) async throws -> Book
    /// Applies the fields given, leaving the others; throws `FieldErrors` or `LibraryError`.
    func edit(id: Int64, _ changes: BookChanges, ifVersion: Int?) async throws -> Book
    func checkOut(id: Int64, borrower: String, ifVersion: Int?) async throws -> Book
    func checkIn(id: Int64) async throws -> Book
    func delete(id: Int64, ifVersion: Int?) async throws
    func deleteAll() async throws
    func loans(_ selection: LoanSelection) async throws -> [Loan]
    /// Open loans past their due date, by the service's clock.
    func overdue() async throws -> [Loan]
    /// Adds the good rows of a books CSV and reports the others; throws `CSVImportError` for a
    /// file that cannot be read at all.
    func importBooks(_ csv: String) async throws -> ImportReport
    /// Adds the good rows of a loans CSV (history, or books out now) and reports the others.
    func importLoans(_ csv: String) async throws -> ImportReport
    func exportBooks() async throws -> String
    func exportLoans() async throws -> String
}

/// Part of a book, as a partial update sends it: nil leaves a field as it is.
public struct BookChanges: Sendable, Hashable {
    public var title: String?
    public var author: String?
    public var publisher: String?
    public var categories: String?
    public var isbn: String?

    public init(title: String? = nil, author: String? = nil, publisher: String? = nil, categories: String? = nil, isbn: String? = nil) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
    }

    public var isEmpty: Bool { self == BookChanges() }

    /// The form `book` would have with these changes.
    public func applied(to book: Book) -> BookForm {
        let current = BookForm(book)
        return BookForm(title: title ?? current.title, author: author ?? current.author, publisher: publisher ?? current.publisher,
                        categories: categories ?? current.categories, isbn: isbn ?? current.isbn)
    }
}

/// What the book list asks for: words to find in title, author, publisher or categories, and a status.
public struct BookQuery: Sendable, Hashable {
    public enum Status: String, Sendable, CaseIterable {
        case all, available
        case onLoan = "on-loan"
        case overdue
    }

    public var search: String
    public var status: Status

    public init(search: String = "", status: Status = .all) {
        self.search = search
        self.status = status
    }

    public func matches(_ book: Book, at date: Date) -> Bool {
        switch status {
        case .all: break
        case .available: if book.isOnLoan { return false }
        case .onLoan: if !book.isOnLoan { return false }
        case .overdue: if !book.isOverdue(at: date) { return false }
        }
        let query = SearchQuery(search)
        guard !query.isEmpty else { return true }
        return query.matches(FoldedText([book.title, book.author, book.publisher ?? "", book.categories ?? ""].joined(separator: " ")))
    }
}

/// The library on a store of its own: validation, the loan period and the clock.
public struct LocalLibrary: LibraryService {
    public let store: any LibraryStore
    public let loanPeriod: Duration
    private let now: @Sendable () -> Date

    public init(store: any LibraryStore, loanPeriod: Duration = .seconds(14 * 24 * 3600), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.loanPeriod = loanPeriod
        self.now = now
    }

    public func books(_ query: BookQuery) async throws -> [Book] {
        let date = now()
        return try await store.books().filter { query.matches($0, at: date) }
    }

    public func book(id: Int64) async throws -> Book {
        guard let book = try await store.book(id: id) else { throw LibraryError.notFound(id: id) }
        return book
    }

    public func add(_ form: BookForm) async throws -> Book {
        try await store.insert(form.validated().get())
    }

    public func edit(id: Int64, _ changes: BookChanges, ifVersion: Int?) async throws -> Book {
        let current = try await book(id: id)
        if let ifVersion, ifVersion != current.version { throw LibraryError.versionMismatch(id: id, current: current.version) }
        let fields = try changes.applied(to: current).validated().get()
        // The version read is the one the edit applies to: an edit in between is not overwritten.
        return try await store.update(id: id, fields, expectedVersion: current.version)
    }

    public func checkOut(id: Int64, borrower: String, ifVersion: Int?) async throws -> Book {
        let name = try BookForm.borrower(borrower).get()
        let date = now()
        return try await store.checkOut(id: id, borrower: name, at: date, due: date.addingTimeInterval(loanPeriod.timeInterval), expectedVersion: ifVersion)
    }

    public func checkIn(id: Int64) async throws -> Book {
        try await store.checkIn(id: id, at: now())
    }

    public func delete(id: Int64, ifVersion: Int?) async throws {
        try await store.delete(id: id, expectedVersion: ifVersion)
    }

    public func deleteAll() async throws {
        try await store.deleteAll()
    }

    public func loans(_ selection: LoanSelection) async throws -> [Loan] {
        try await store.loans(selection)
    }

    public func overdue() async throws -> [Loan] {
        try await store.loans(.overdue(at: now()))
    }

    public func importBooks(_ csv: String) async throws -> ImportReport {
        try await LibraryCSV.importBooks(csv, into: self)
    }

    public func importLoans(_ csv: String) async throws -> ImportReport {
        var report = ImportReport()
        for (line, row) in try LibraryCSV.loanRows(csv) {
            do {
                _ = try await store.insertLoan(try row.get())
                report.imported += 1
            } catch let problems as FieldErrors {
                report.problems.append(.init(line: line, message: problems.description))
            } catch let error as LibraryError {
                report.problems.append(.init(line: line, message: error.description))
            }
        }
        return report
    }

    public func exportBooks() async throws -> String {
        LibraryCSV.books(try await store.books())
    }

    public func exportLoans() async throws -> String {
        LibraryCSV.loans(try await store.loans(.all).reversed())
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
