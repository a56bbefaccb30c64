import Foundation
import ListorKit

/// The library on a store of its own: validation, the loan period and the clock; uploaded
/// covers are decoded by `work` (on a server, threads of their own).
public struct LocalLibrary: LibraryService {
    public let store: any LibraryStore
    public let circulation: Circulation
    private let work: any HeavyWork
    private let now: @Sendable () -> Date

    public init(store: any LibraryStore, policy: CirculationPolicy = CirculationPolicy(), work: any HeavyWork = InlineWork(),
                now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        circulation = Circulation(policy: policy)
        self.work = work
        self.now = now
    }

    public var categories: [PatronCategory] { circulation.policy.categories }

    public func books(_ query: BookQuery, page: Int, perPage: Int) async throws -> BookPage {
        try await store.page(query, at: now(), number: page, size: perPage)
    }

    public func books(_ query: BookQuery, after: Book.ID?, limit: Int) async throws -> PartialResult<Book> {
        PartialResult(items: try await store.books(query, at: now(), range: BookRange(after: after, limit: limit)))
    }

    public func books(_ query: BookQuery) async throws -> PartialResult<Book> {
        var books: [Book] = []
        var last: Book.ID?
        while true {
            let batch = try await self.books(query, after: last, limit: 1000).items
            books += batch
            guard batch.count == 1000, let end = batch.last?.id else { return PartialResult(items: books) }
            last = end
        }
    }

    public func books(ids: [Book.ID]) async throws -> [Book] {
        try await store.books(ids: ids)
    }

    public func book(id: Book.ID) async throws -> Book {
        guard let book = try await store.book(id: id) else { throw LibraryError.notFound(id: id) }
        return book
    }

    public func change() async throws -> Int64? {
        try await store.change()
    }

    public func add(_ form: BookForm, checkedOutBy borrower: String?, cover: [UInt8]?) async throws -> Book {
        let (fields, name, stored) = try await checked(form.validated(borrower: borrower), cover: cover.map(CoverEdit.upload))
        return try await store.insert(fields, lend: name.map { lending(to: .name($0)) }, cover: stored?.cover)
    }

    public func edit(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, cover: CoverEdit?, ifVersion: Int?) async throws -> Book {
        // Without a version asked for, an edit that meets another one in between is applied
        // again to the book as it now is, rather than refused: the caller set no precondition.
        var attempt = 1
        while true {
            do {
                return try await edit(id: id, changes, checkedOutBy: borrower, cover: cover, version: ifVersion)
            } catch LibraryError.versionMismatch(let id, let current) where ifVersion == nil {
                // Each round one of the edits that met commits, so this ends; the bound is for safety.
                guard attempt < 64 else { throw LibraryError.versionMismatch(id: id, current: current) }
                attempt += 1
            }
        }
    }

    private func edit(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, cover: CoverEdit?, version ifVersion: Int?) async throws -> Book {
        let current = try await book(id: id)
        if let ifVersion, ifVersion != current.version { throw LibraryError.versionMismatch(id: id, current: current.version) }
        let (fields, name, change) = try await checked(changes.applied(to: current).validated(borrower: borrower), cover: cover)
        // A cover alone leaves the fields as they are: a concurrent edit of them is not undone.
        if changes.isEmpty, name == nil, let change {
            return try await store.setCover(change, of: id, expectedVersion: current.version)
        }
        // The version read is the one the edit applies to: an edit in between is not overwritten.
        return try await store.update(id: id, fields, lend: name.map { lending(to: .name($0)) }, cover: change, expectedVersion: current.version)
    }

    public func cover(of id: Book.ID) async throws -> StoredCover? {
        try await store.cover(of: id)
    }

    /// The form's checks and the picture's together, so that every problem is told at once.
    private func checked(_ form: Result<(BookFields, String?), FieldErrors>, cover: CoverEdit?) async throws -> (BookFields, String?, CoverChange?) {
        var change: CoverChange?
        var errors: [FieldError] = []
        switch cover {
        case .upload(let bytes)?:
            switch await work.run({ CoverUpload.checked(bytes) }) {
            case .success(let stored): change = .set(stored)
            case .failure(let error): errors.append(error)
            }
        case .remove?: change = .remove
        case nil: break
        }
        switch form {
        case .success(let (fields, name)):
            guard errors.isEmpty else { throw FieldErrors(errors) }
            return (fields, name, change)
        case .failure(let problems):
            throw FieldErrors(problems.errors + errors)
        }
    }

    /// Lends the book to the patron of the name (made if none has it), as the original clients ask.
    public func checkOut(id: Book.ID, borrower: String, ifVersion: Int?) async throws -> Book {
        let name = try BookForm.borrower(borrower).get()
        return try await store.circulate(book: id, lending(to: .name(name)), expectedVersion: ifVersion).book
    }

    public func checkIn(id: Book.ID) async throws -> Book {
        try await checkIn(book: id).book
    }

    // MARK: Circulation

    /// A loan to `patron` from now, until `due` or for the loan period, by the rules of lending.
    private func lending(to patron: PatronReference, due: Date? = nil) -> CirculationRequest {
        CirculationRequest(patron: patron, date: now()) { [circulation] state in try circulation.checkOut(state, due: due) }
    }

    /// Lends the book to `patron` until `due` (the loan period when nil): refused when it is out,
    /// held for someone before them, or when they have their limit of books.
    public func checkOut(book id: Book.ID, to patron: PatronReference, due: Date?, ifVersion: Int?) async throws -> CirculationOutcome {
        try await store.circulate(book: id, lending(to: patron, due: due), expectedVersion: ifVersion)
    }

    /// Ends the book's loan; the outcome's `setAside` is the hold it is now kept for, if anyone waits.
    public func checkIn(book id: Book.ID) async throws -> CirculationOutcome {
        try await act(on: id) { circulation, state in try circulation.checkIn(state) }
    }

    public func renew(book id: Book.ID) async throws -> CirculationOutcome {
        try await act(on: id) { circulation, state in try circulation.renew(state) }
    }

    /// Puts `patron` in the book's queue; the outcome's `placed` is the hold, `place(of:)` its place.
    public func placeHold(on id: Book.ID, for patron: PatronReference) async throws -> CirculationOutcome {
        try await act(on: id, patron: patron) { circulation, state in try circulation.placeHold(state) }
    }

    public func cancelHold(_ hold: Hold.ID, on id: Book.ID) async throws -> CirculationOutcome {
        try await act(on: id) { circulation, state in try circulation.cancel(hold, state) }
    }

    /// Lets the book's holds not collected in time expire, passing it on.
    public func expireHolds(on id: Book.ID) async throws -> CirculationOutcome {
        try await act(on: id) { circulation, state in circulation.expire(state) }
    }

    /// The book's queue as it is now: holds not collected in time are shown gone, and the book
    /// passed on, as the next action on the book (or `expireHolds`) will write them. Only reads.
    public func queue(of id: Book.ID) async throws -> [Hold] {
        let book = try await self.book(id: id)
        let state = CirculationState(book: book, queue: try await store.holds(.queue(id)), now: now())
        let changed = Dictionary(circulation.expire(state).holds.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return state.queue.map { changed[$0.id] ?? $0 }.filter(\.state.isActive)
    }

    public func holds(of patron: Patron.ID) async throws -> [Hold] {
        _ = try await self.patron(id: patron)
        return try await store.holds(.patron(patron))
    }

    private func act(on id: Book.ID, patron: PatronReference? = nil,
                     _ rule: @escaping @Sendable (Circulation, CirculationState) throws -> CirculationChange) async throws -> CirculationOutcome {
        try await store.circulate(book: id, CirculationRequest(patron: patron, date: now()) { [circulation] state in try rule(circulation, state) },
                                  expectedVersion: nil)
    }

    // MARK: Patrons

    public func addPatron(_ form: PatronForm) async throws -> Patron {
        let fields = try checked(form, keeping: nil)
        return try await cardChecked { try await store.insertPatron(fields) }
    }

    public func editPatron(id: Patron.ID, _ form: PatronForm, ifVersion: Int?) async throws -> Patron {
        let fields = try checked(form, keeping: try await store.patron(.id(id))?.category)
        return try await cardChecked { try await store.updatePatron(id: id, fields, expectedVersion: ifVersion) }
    }

    public func patron(id: Patron.ID) async throws -> Patron {
        guard let patron = try await store.patron(.id(id)) else { throw LibraryError.patronNotFound(id: id) }
        return patron
    }

    public func patron(card: String) async throws -> Patron {
        guard let patron = try await store.patron(.card(card.trimmed())) else { throw LibraryError.cardNotFound(card: card.trimmed()) }
        return patron
    }

    public func patrons(search: String, page: Int, perPage: Int) async throws -> [Patron] {
        try await store.patrons(search: search, limit: perPage, offset: max(page - 1, 0) * perPage)
    }

    /// Makes `merged` one with `kept`: its loans and holds become theirs.
    public func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron {
        try await store.mergePatrons(keep: kept, merge: merged)
    }

    public func deletePatron(id: Patron.ID) async throws {
        try await store.deletePatron(id: id)
    }

    /// A card another patron has is a problem of the form's card field.
    /// The form's fields, its category written as the library names it, or every problem at once:
    /// a category the library does not have is refused with those it has, but a patron keeps
    /// the one they have (`current`) when the library gives it up.
    private func checked(_ form: PatronForm, keeping current: String?) throws -> PatronFields {
        var fields: PatronFields?, errors: [FieldError] = []
        switch form.validated() {
        case .success(let checked): fields = checked
        case .failure(let problems): errors = problems.errors
        }
        var category = form.category?.trimmed() ?? ""
        if let found = circulation.policy.category(named: category) {
            category = found.name
        } else if !category.isEmpty, category != current, !errors.contains(where: { $0.field == "category" }) {
            let names = categories.map(\.name)
            errors.append(FieldError(field: "category", message: names.isEmpty
                ? "\"\(category)\" is not a category: the library has none (--library-category child:days=21,books=5)"
                : "\"\(category)\" is not one of the library's categories: \(names.joined(separator: ", "))"))
        }
        guard errors.isEmpty, var fields else { throw FieldErrors(errors) }
        fields.category = category.isEmpty ? nil : category
        return fields
    }

    private func cardChecked(_ body: () async throws -> Patron) async throws -> Patron {
        do { return try await body() } catch LibraryError.cardTaken(let card, let other) {
            throw FieldErrors([FieldError(field: "card", message: "\(card) is patron \(other)'s card already")])
        }
    }

    // MARK: Reminders

    public func reminders(_ state: OutboxMessage.State?, page: Int, perPage: Int) async throws -> OutboxPage {
        let page = max(page, 1)
        return OutboxPage(messages: try await store.outbox(state, limit: perPage, offset: (page - 1) * perPage), counts: try await store.outboxCounts(),
                          number: page, size: perPage)
    }

    public func delete(id: Book.ID, ifVersion: Int?) async throws {
        try await store.delete(id: id, expectedVersion: ifVersion)
    }

    public func deleteAll() async throws {
        try await store.deleteAll()
    }

    public func loans(_ selection: LoanSelection) async throws -> PartialResult<Loan> {
        PartialResult(items: try await store.loans(selection))
    }

    public func overdue() async throws -> PartialResult<Loan> {
        try await loans(.overdue(at: now()))
    }

    public func importBooks(_ csv: String) async throws -> ImportReport {
        try await LibraryCSV.importBooks(csv, into: self)
    }

    /// A loan the library already has (the same book, borrower and checkout time) is reported
    /// as already there, so that importing a file twice records each loan once.
    public func importLoans(_ csv: String) async throws -> ImportReport {
        var report = ImportReport(table: .loans)
        let (rows, malformed) = try LibraryCSV.loanRows(csv)
        for (line, row) in rows {
            do {
                let loan = try row.get()
                let recorded = try await store.loans(.book(loan.bookID))
                if let same = recorded.first(where: { $0.borrower == loan.borrower && $0.checkedOut == loan.checkedOut }) {
                    report.alreadyThere.append(Problem(line: line, reason: "book \(loan.bookID)'s loan to \(loan.borrower) of \(LibraryDate.text(loan.checkedOut)) is already in the library (loan \(same.id))"))
                    continue
                }
                _ = try await store.insertLoan(loan)
                report.imported += 1
            } catch let problems as FieldErrors {
                report.problems.append(Problem(line: line, reason: problems.description))
            } catch let error as LibraryError {
                report.problems.append(Problem(line: line, reason: error.description))
            }
        }
        report.problems = (report.problems + malformed).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return report
    }

    public func exportBooks() async throws -> String {
        LibraryCSV.books(try await store.books())
    }

    public func importPatrons(_ csv: String) async throws -> ImportReport {
        try await LibraryCSV.importPatrons(csv, into: self)
    }

    public func exportPatrons() async throws -> String {
        LibraryCSV.patrons(try await LibraryCSV.allPatrons(of: self))
    }

    public func exportLoans() async throws -> String {
        LibraryCSV.loans(try await store.loans(.all).reversed())
    }
}
