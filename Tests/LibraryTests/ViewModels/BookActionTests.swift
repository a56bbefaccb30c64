import Foundation
import Library
import LibrarySQL
import ListorKit
import ListorTestSupport
import Tagged
import Testing

/// What the reader does, through the view models, on a library in a real SQLite file: each action
/// is done or refused with why, and a refusal writes nothing.
@Suite struct BookActionTests {
    /// A library of one book, "Dune" (id 1), lending for `loanDays`.
    func withLibrary(loanDays: Int = 14, _ body: @Sendable (LocalLibrary) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        _ = try await store.insert(BookFields(title: "Dune", author: "Frank Herbert", publisher: "Ace"))
        try await body(LocalLibrary(store: store, policy: CirculationPolicy(loanPeriod: .seconds(loanDays * 86400))))
        withExtendedLifetime(directory) {}
    }

    func detail(_ library: LocalLibrary) async throws -> BookDetailViewModel {
        try await BookDetailViewModel.load(1, from: library, now: Date(), timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func checkingOutIsDoneOnceAndThenRefusedNamingTheBorrower() async throws {
        try await withLibrary(loanDays: 3) { library in
            // Given two readers looking at the same book on the shelf, when both check it out
            let done = try await BookActions(library: library).checkOut(id: 1, by: "  Ann ")
            let refused = try await BookActions(library: library).checkOut(id: 1, by: "Bob")
            // Then the first has it, for the library's loan period, and the second is told who
            guard case .done(let book?) = done, let loan = book.loan else { Issue.record("not checked out: \(done)"); return }
            #expect(loan.borrower == "Ann")
            #expect(loan.due.timeIntervalSince(loan.checkedOut) == 3 * 86400)
            #expect(refused.problems == ["book 1 is already checked out by Ann"])
            guard case .conflict(.onLoan(_, "Ann", _)) = refused else { Issue.record("not a conflict naming Ann: \(refused)"); return }
            #expect(try await library.loans(.book(1)).items.map(\.borrower) == ["Ann"])
        }
    }

    @Test func aNameThatWillNotDoWritesNothing() async throws {
        try await withLibrary { library in
            let outcome = try await BookActions(library: library).checkOut(id: 1, by: "   ")
            #expect(outcome == .invalid(FieldErrors([FieldError(field: "lastCheckedOutBy", message: "is required: who is checking the book out?")])))
            #expect(try await library.loans(.book(1)).items.isEmpty)
        }
    }

    @Test func checkingInABookOnTheShelfIsRefused() async throws {
        try await withLibrary { library in
            let actions = BookActions(library: library)
            let outcome = try await actions.checkIn(id: 1)
            #expect(outcome.problems == ["book 1 is not checked out"])
            _ = try await actions.checkOut(id: 1, by: "Ann")
            guard case .done(let book?) = try await actions.checkIn(id: 1) else { Issue.record("not checked in"); return }
            #expect(book.loan == nil && book.lastCheckedOutBy == "Ann")
        }
    }

    @Test func aBadFormComesBackWithEachProblemBesideItsFieldAndAddsNothing() async throws {
        try await withLibrary { library in
            var form = BookFormViewModel(library: library)
            form.form = BookForm(title: " ", author: "Ursula K. Le Guin", isbn: "12")
            let outcome = try await form.save()
            guard case .invalid = outcome else { Issue.record("saved: \(outcome)"); return }
            #expect(form.errors == ["title": "is required", "isbn": "\"12\" has 2 digits; an ISBN has 10 or 13"])
            #expect(form.problem == "The book was not saved; see the fields marked below.")
            #expect(try await library.books(BookQuery()).items.count == 1)

            form.form.title = "The Dispossessed"
            form.form.isbn = ""
            guard case .done(let book?) = try await form.save() else { Issue.record("not added"); return }
            #expect(book.title == "The Dispossessed" && form.errors.isEmpty && form.problem == nil)
        }
    }

    @Test func anEditOfAStaleVersionIsRefusedAndOneOfTheCurrentKeepsOthersChanges() async throws {
        try await withLibrary { library in
            // Given a form filled from version 1, and someone else's edit of the publisher meanwhile
            let book = try await library.book(id: 1)
            var form = BookFormViewModel(editing: book, library: library)
            form.form.title = "Dune Messiah"
            _ = try await library.edit(id: 1, BookChanges(publisher: "Chilton"), ifVersion: nil)
            // When the form is saved as of version 1, it is refused and nothing is written
            let stale = try await form.save(ifVersion: 1)
            guard case .stale(.versionMismatch(_, 2)) = stale else { Issue.record("not stale: \(stale)"); return }
            #expect(form.problem?.hasPrefix("Someone changed this book while you were editing it.") == true)
            #expect(try await library.book(id: 1).title == "Dune")
            // When it is saved without a version, only the title it changed is written
            guard case .done(let saved?) = try await form.save() else { Issue.record("not saved"); return }
            #expect(saved.title == "Dune Messiah" && saved.publisher == "Chilton")
        }
    }

    @Test func deletingAStaleVersionIsRefusedAndTheCurrentOneDeletes() async throws {
        try await withLibrary { library in
            let seen = try await detail(library)
            _ = try await library.edit(id: 1, BookChanges(title: "Dune (1965)"), ifVersion: nil)
            #expect(try await BookActions(library: library).delete(id: 1, version: seen.book.version).problems.first?.hasPrefix("book 1 has changed since it was read") == true)
            #expect(try await library.books(BookQuery()).items.count == 1)
            let current = try await detail(library)
            #expect(try await BookActions(library: library).delete(id: 1, version: current.book.version) == .done(nil))
            await #expect(throws: LibraryError.notFound(id: 1)) { try await detail(library) }
        }
    }
}
