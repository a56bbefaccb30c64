import Foundation
import Library
import ListorKit
import Tagged
import Testing

/// A library for view-model tests that only look at wording: any call fails the test loudly.
struct UnimplementedLibrary: LibraryService {
    struct Called: Error, CustomStringConvertible {
        let description: String
    }

    private func fail(_ name: String) -> Called {
        Issue.record("UnimplementedLibrary.\(name) was called; the test did not set up a library")
        return Called(description: "UnimplementedLibrary.\(name)")
    }

    func books(_ query: BookQuery) async throws -> PartialResult<Book> { throw fail("books") }
    func books(_ query: BookQuery, page: Int, perPage: Int) async throws -> BookPage { throw fail("books(_:page:perPage:)") }
    func books(_ query: BookQuery, after: Book.ID?, limit: Int) async throws -> PartialResult<Book> { throw fail("books(_:after:limit:)") }
    func books(ids: [Book.ID]) async throws -> [Book] { throw fail("books(ids:)") }
    func book(id: Book.ID) async throws -> Book { throw fail("book") }
    func change() async throws -> Int64? { throw fail("change") }
    func add(_ form: BookForm, checkedOutBy borrower: String?, cover: [UInt8]?) async throws -> Book { throw fail("add") }
    func edit(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, cover: CoverEdit?, ifVersion: Int?) async throws -> Book { throw fail("edit") }
    func cover(of id: Book.ID) async throws -> StoredCover? { throw fail("cover") }
    func checkOut(id: Book.ID, borrower: String, ifVersion: Int?) async throws -> Book { throw fail("checkOut") }
    func checkIn(id: Book.ID) async throws -> Book { throw fail("checkIn") }
    func delete(id: Book.ID, ifVersion: Int?) async throws { throw fail("delete") }
    func deleteAll() async throws { throw fail("deleteAll") }
    func loans(_ selection: LoanSelection) async throws -> PartialResult<Loan> { throw fail("loans") }
    func overdue() async throws -> PartialResult<Loan> { throw fail("overdue") }
    func importBooks(_ csv: String) async throws -> ImportReport { throw fail("importBooks") }
    func importLoans(_ csv: String) async throws -> ImportReport { throw fail("importLoans") }
    func exportBooks() async throws -> String { throw fail("exportBooks") }
    func exportLoans() async throws -> String { throw fail("exportLoans") }
    func importPatrons(_ csv: String) async throws -> ImportReport { throw fail("importPatrons") }
    func exportPatrons() async throws -> String { throw fail("exportPatrons") }
    func checkOut(book id: Book.ID, to patron: PatronReference, due: Date?, ifVersion: Int?) async throws -> CirculationOutcome { throw fail("checkOut(book:to:)") }
    func checkIn(book id: Book.ID) async throws -> CirculationOutcome { throw fail("checkIn(book:)") }
    func renew(book id: Book.ID) async throws -> CirculationOutcome { throw fail("renew") }
    func placeHold(on id: Book.ID, for patron: PatronReference) async throws -> CirculationOutcome { throw fail("placeHold") }
    func cancelHold(_ hold: Hold.ID, on id: Book.ID) async throws -> CirculationOutcome { throw fail("cancelHold") }
    func queue(of id: Book.ID) async throws -> [Hold] { throw fail("queue") }
    func holds(of patron: Patron.ID) async throws -> [Hold] { throw fail("holds(of:)") }
    var categories: [PatronCategory] {
        _ = fail("categories")
        return []
    }
    func addPatron(_ form: PatronForm) async throws -> Patron { throw fail("addPatron") }
    func editPatron(id: Patron.ID, _ form: PatronForm, ifVersion: Int?) async throws -> Patron { throw fail("editPatron") }
    func patron(id: Patron.ID) async throws -> Patron { throw fail("patron(id:)") }
    func patron(card: String) async throws -> Patron { throw fail("patron(card:)") }
    func patrons(search: String, page: Int, perPage: Int) async throws -> [Patron] { throw fail("patrons") }
    func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron { throw fail("mergePatrons") }
    func deletePatron(id: Patron.ID) async throws { throw fail("deletePatron") }
    func reminders(_ state: OutboxMessage.State?, page: Int, perPage: Int) async throws -> OutboxPage { throw fail("reminders") }
}
