import Foundation
import ListorKit

/// The library as its view models use it: the local store (`LocalLibrary`), or any
/// Prolific-compatible server over HTTP (`RemoteLibrary`).
///
/// Lists are partial results: a remote server's book that cannot be read is reported as a
/// `Problem` and the others still arrive. Refusals are thrown: `FieldErrors` for input that does
/// not validate (nothing is written then), `LibraryError` for what the library refuses.
public protocol LibraryService: Sendable {
    /// Page `page` (from 1; past the last, the last) of the books matching `query`, `perPage`
    /// to a page, with how many match and how many there are.
    func books(_ query: BookQuery, page: Int, perPage: Int) async throws -> BookPage
    /// The books matching `query` after book `after`, at most `limit`, in id order: a long list
    /// read in batches, each with a bounded cost.
    func books(_ query: BookQuery, after: Book.ID?, limit: Int) async throws -> PartialResult<Book>
    /// Every book matching `query`, in id order.
    func books(_ query: BookQuery) async throws -> PartialResult<Book>
    /// The books with these ids, in id order; ids of no book are left out.
    func books(ids: [Book.ID]) async throws -> [Book]
    func book(id: Book.ID) async throws -> Book
    /// The library's change number, which every write moves on: a page shown at one number may
    /// be shown again while it stays (until time changes what it says). Nil when the service
    /// cannot tell, as a remote server cannot.
    func change() async throws -> Int64?
    /// Adds a book, with `cover` when one is uploaded, checked out to `borrower` at once when one
    /// is given (as the original clients could). The form, the picture and the name are checked
    /// together before anything is written, and the book, its cover and its loan are written
    /// together or not at all.
    func add(_ form: BookForm, checkedOutBy borrower: String?, cover: [UInt8]?) async throws -> Book
    /// Applies the fields given, leaving the others, changes the cover when `cover` says so, and
    /// checks the book out to `borrower` when one is given: all of it or none of it.
    func edit(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, cover: CoverEdit?, ifVersion: Int?) async throws -> Book
    /// The cover uploaded for the book, as it was uploaded; nil when it has none.
    func cover(of id: Book.ID) async throws -> StoredCover?
    func checkOut(id: Book.ID, borrower: String, ifVersion: Int?) async throws -> Book
    func checkIn(id: Book.ID) async throws -> Book
    func delete(id: Book.ID, ifVersion: Int?) async throws
    func deleteAll() async throws
    func loans(_ selection: LoanSelection) async throws -> PartialResult<Loan>
    /// Open loans past their due date, by the service's clock.
    func overdue() async throws -> PartialResult<Loan>
    /// Adds the good rows of a books CSV and reports the others; throws `CSVImportError` for a
    /// file that cannot be read at all.
    func importBooks(_ csv: String) async throws -> ImportReport
    /// Adds the good rows of a loans CSV (history, or books out now) and reports the others.
    func importLoans(_ csv: String) async throws -> ImportReport
    func exportBooks() async throws -> String
    func exportLoans() async throws -> String
    /// Adds the good rows of a patrons CSV and reports the others.
    func importPatrons(_ csv: String) async throws -> ImportReport
    func exportPatrons() async throws -> String

    // MARK: Circulation, by the library's rules (`Circulation`)

    /// Lends the book to `patron` until `due` (the loan period when nil).
    func checkOut(book id: Book.ID, to patron: PatronReference, due: Date?, ifVersion: Int?) async throws -> CirculationOutcome
    /// Ends the book's loan; the outcome's `setAside` is the hold it is now kept for, if anyone waits.
    func checkIn(book id: Book.ID) async throws -> CirculationOutcome
    func renew(book id: Book.ID) async throws -> CirculationOutcome
    /// Puts `patron` in the book's queue; the outcome's `placed` is the hold.
    func placeHold(on id: Book.ID, for patron: PatronReference) async throws -> CirculationOutcome
    func cancelHold(_ hold: Hold.ID, on id: Book.ID) async throws -> CirculationOutcome
    /// The book's queue, first come first.
    func queue(of id: Book.ID) async throws -> [Hold]
    /// Every hold the patron has had, newest first.
    func holds(of patron: Patron.ID) async throws -> [Hold]

    // MARK: Patrons

    /// The kinds of patron with loan rules of their own, that a patron's `category` names; none
    /// known for a remote server, which checks a patron's category itself.
    var categories: [PatronCategory] { get }
    func addPatron(_ form: PatronForm) async throws -> Patron
    /// Writes the whole record: a field `form` does not give is emptied (`PatronForm.changing` fills them first).
    func editPatron(id: Patron.ID, _ form: PatronForm, ifVersion: Int?) async throws -> Patron
    func patron(id: Patron.ID) async throws -> Patron
    func patron(card: String) async throws -> Patron
    /// Patrons whose name, card, email or phone holds `search`, one whose name is the search
    /// first, then by name, a page at a time.
    func patrons(search: String, page: Int, perPage: Int) async throws -> [Patron]
    /// Makes `merged` one with `kept`: its loans and holds become theirs.
    func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron
    /// Deletes a patron who has no books out and no holds in a queue.
    func deletePatron(id: Patron.ID) async throws

    // MARK: Reminders

    /// Page `page` of the reminders' outbox (all, or those in `state`), most recently queued
    /// first, with how many letters are in each state.
    func reminders(_ state: OutboxMessage.State?, page: Int, perPage: Int) async throws -> OutboxPage
}

extension LibraryService {
    public func checkOut(book id: Book.ID, to patron: PatronReference) async throws -> CirculationOutcome {
        try await checkOut(book: id, to: patron, due: nil, ifVersion: nil)
    }

    public func patrons(search: String) async throws -> [Patron] {
        try await patrons(search: search, page: 1, perPage: 50)
    }

    public func add(_ form: BookForm) async throws -> Book {
        try await add(form, checkedOutBy: nil, cover: nil)
    }

    public func add(_ form: BookForm, checkedOutBy borrower: String?) async throws -> Book {
        try await add(form, checkedOutBy: borrower, cover: nil)
    }

    public func edit(id: Book.ID, _ changes: BookChanges, ifVersion: Int?) async throws -> Book {
        try await edit(id: id, changes, checkedOutBy: nil, cover: nil, ifVersion: ifVersion)
    }

    public func edit(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, ifVersion: Int?) async throws -> Book {
        try await edit(id: id, changes, checkedOutBy: borrower, cover: nil, ifVersion: ifVersion)
    }
}
