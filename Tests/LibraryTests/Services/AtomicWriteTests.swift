import Foundation
import Library
import ListorKit
import ListorTestSupport
import Tagged
import Testing

/// A request that adds or edits a book and checks it out does all of it or none of it, on both
/// stores: the original clients retry a refused request, and a half-done one would leave a book
/// behind for each retry.
@Suite struct AtomicWriteTests {
    func withLibrary(_ kind: StoreKind, _ body: @Sendable (LocalLibrary) async throws -> Void) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            try await body(LocalLibrary(store: store, now: { clock.now }))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aNewBookWithABadBorrowerIsNotAdded(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library async throws in
            let tooLong = String(repeating: "b", count: BookForm.maximumNameLength + 1)
            await #expect(throws: FieldErrors([FieldError(field: "lastCheckedOutBy", message: "is 201 characters long; the limit is 200")])) {
                try await library.add(BookForm(title: "Orphan", author: "A"), checkedOutBy: tooLong)
            }
            await #expect(throws: FieldErrors.self) { try await library.add(BookForm(title: "Orphan", author: "A"), checkedOutBy: "") }
            #expect(try await library.books(BookQuery()).items.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBadFormAndABadBorrowerAreNamedTogether(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library async throws in
            await #expect(throws: FieldErrors([FieldError(field: "author", message: "is required"),
                                               FieldError(field: "lastCheckedOutBy", message: "is required: who is checking the book out?")])) {
                try await library.add(BookForm(title: "Orphan"), checkedOutBy: " ")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aNewBookCheckedOutAtOnceHasItsLoan(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library async throws in
            let book = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"), checkedOutBy: " Ann ")
            #expect(book.loan?.borrower == "Ann")
            #expect(book.lastCheckedOutBy == "Ann")
            #expect(try await library.loans(.book(book.id)).items.count == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anEditWhoseCheckoutIsRefusedLeavesTheFieldsAsTheyWere(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library async throws in
            let book = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
            // A bad name: refused before anything is written.
            await #expect(throws: FieldErrors.self) {
                try await library.edit(id: book.id, BookChanges(title: "Edited-but-400"), checkedOutBy: "", ifVersion: nil)
            }
            #expect(try await library.book(id: book.id) == book)
            // The book is out: the checkout fails in the store, and the edit made before it in
            // the same transaction is rolled back.
            let lent = try await library.checkOut(id: book.id, borrower: "Ann", ifVersion: nil)
            await #expect(throws: LibraryError.self) {
                try await library.edit(id: book.id, BookChanges(title: "Edited-but-409"), checkedOutBy: "Bob", ifVersion: nil)
            }
            let after = try await library.book(id: book.id)
            #expect(after == lent)
            #expect(after.title == "Dune")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anEditWithACheckoutDoesBoth(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library async throws in
            let book = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
            let edited = try await library.edit(id: book.id, BookChanges(title: "Dune Messiah"), checkedOutBy: "Ann", ifVersion: book.version)
            #expect(edited.title == "Dune Messiah")
            #expect(edited.loan?.borrower == "Ann")
            #expect(edited.version == book.version + 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func storedTextRefusesControlAndHiddenCharactersByName(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library async throws in
            await #expect(throws: FieldErrors([FieldError(field: "lastCheckedOutBy", message: "contains U+001B ESCAPE, a control character")])) {
                try await library.add(BookForm(title: "Dune", author: "Frank Herbert"), checkedOutBy: "Ann\u{1B}[2J\u{1B}[31mRED")
            }
            await #expect(throws: FieldErrors([FieldError(field: "title", message: "contains U+202E RIGHT-TO-LEFT OVERRIDE, which reorders the text around it"),
                                               FieldError(field: "author", message: "contains U+200B ZERO WIDTH SPACE, which cannot be seen")])) {
                try await library.add(BookForm(title: "Dune\u{202E}txt.exe", author: "Frank\u{200B}Herbert"))
            }
            #expect(try await library.books(BookQuery()).items.isEmpty)
            // A joiner inside an emoji, and the marks of a right-to-left name, are text.
            let book = try await library.add(BookForm(title: "Family 👨‍👩‍👧 stories", author: "מרים"))
            #expect(book.title == "Family 👨‍👩‍👧 stories")
        }
    }
}
