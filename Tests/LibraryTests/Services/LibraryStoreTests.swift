import Foundation
import Library
@testable import LibrarySQL
import ListorSQL
import ListorKit
import ListorTestSupport
import Synchronization
import Tagged
import Testing

/// The kinds of store one behaviour suite runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this kind; a PostgreSQL one only when a server is configured.
    func withStore(_ body: @Sendable (any LibraryStore) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            try await body(try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false))
            withExtendedLifetime(directory) {}
        case .postgres:
            guard let url = PostgresTestServer.url() else { return }
            try await PostgresTestServer.withDatabase(url) { client in
                let store = SQLLibraryStore(database: PostgreSQLDatabase(client: client))
                try await store.migrate(seeded: false)
                try await body(store)
            }
        }
    }
}

/// A clock the test moves.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_793_721_960))  // 2026-11-03 16:06 UTC
    var now: Date { time.withLock { $0 } }
    func advance(days: Double) { time.withLock { $0 += days * 86400 } }
}



@Suite struct StoreBehaviourTests {
    func withLibrary(_ kind: StoreKind, _ body: @Sendable (LocalLibrary, TestClock) async throws -> Void) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            try await body(LocalLibrary(store: store, now: { clock.now }), clock)
        }
    }

    static let dune = BookForm(title: "  Dune ", author: "Frank Herbert", publisher: "Ace", categories: "fiction,, science fiction ,", isbn: "978-0-441-17271-9")

    @Test(arguments: StoreKind.allCases)
    func addedBooksComeBackTidied(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            let added = try await library.add(Self.dune)
            #expect(added.title == "Dune")
            #expect(added.categories == "fiction, science fiction")
            #expect(added.isbn == "9780441172719")
            #expect(added.version == 1)
            #expect(added.loan == nil && added.lastCheckedOut == nil)
            #expect(try await library.book(id: added.id) == added)
            #expect(try await library.books(BookQuery()).items == [added])
        }
    }

    /// The change number moves on with every write, and only then: pages kept under it are
    /// sent again only while nothing was written.
    @Test(arguments: StoreKind.allCases)
    func everyWriteAndOnlyAWriteMovesTheChangeNumberOn(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            var last = try #require(try await library.change())
            func moved(_ what: Comment) async throws {
                let now = try #require(try await library.change())
                #expect(now > last, what)
                last = now
            }
            let book = try await library.add(Self.dune)
            try await moved("added")
            _ = try await library.books(BookQuery(search: "dune"), page: 1, perPage: 10)
            _ = try await library.book(id: book.id)
            #expect(try await library.change() == last, "reading is not a change")
            _ = try await library.edit(id: book.id, BookChanges(publisher: "Gollancz"), ifVersion: nil)
            try await moved("edited")
            _ = try await library.checkOut(id: book.id, borrower: "Ann", ifVersion: nil)
            try await moved("checked out")
            _ = try await library.checkIn(id: book.id)
            try await moved("checked in")
            try await library.delete(id: book.id, ifVersion: nil)
            try await moved("deleted")
            await #expect(throws: LibraryError.notFound(id: book.id)) { try await library.checkIn(id: book.id) }
            #expect(try await library.change() == last, "a refused write is not a change")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBadFormWritesNothingAndNamesEveryField(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            await #expect(throws: FieldErrors([
                FieldError(field: "title", message: "is required"),
                FieldError(field: "author", message: "is \(BookForm.maximumNameLength + 1) characters long; the limit is \(BookForm.maximumNameLength)"),
                FieldError(field: "isbn", message: "\"978-0-441-17271-8\" fails its check digit (the last digit should be 9)"),
            ])) {
                try await library.add(BookForm(title: "  ", author: String(repeating: "a", count: BookForm.maximumNameLength + 1), isbn: "978-0-441-17271-8"))
            }
            #expect(try await library.books(BookQuery()).items.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func checkoutAndCheckinKeepAHistory(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, clock async throws in
            let book = try await library.add(Self.dune)
            let out = try await library.checkOut(id: book.id, borrower: " Ann ", ifVersion: nil)
            #expect(out.lastCheckedOutBy == "Ann")
            #expect(out.lastCheckedOut == clock.now)
            #expect(out.loan?.borrower == "Ann")
            #expect(out.loan?.due == clock.now.addingTimeInterval(14 * 86400))
            #expect(out.version == 2)

            await #expect(throws: LibraryError.onLoan(id: book.id, borrower: "Ann", since: clock.now)) {
                try await library.checkOut(id: book.id, borrower: "Bob", ifVersion: nil)
            }
            clock.advance(days: 3)
            let back = try await library.checkIn(id: book.id)
            #expect(back.loan == nil)
            #expect(back.lastCheckedOutBy == "Ann", "the original API keeps the last borrower")
            await #expect(throws: LibraryError.notOnLoan(id: book.id)) { try await library.checkIn(id: book.id) }

            _ = try await library.checkOut(id: book.id, borrower: "Bob", ifVersion: nil)
            let history = try await library.loans(.book(book.id)).items
            #expect(history.map(\.borrower) == ["Bob", "Ann"])
            #expect(history.map { $0.returned == nil } == [true, false])
            #expect(try await library.loans(.borrower("ann")).items.map(\.bookID) == [book.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func overdueAndStatusFilters(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, clock async throws in
            let dune = try await library.add(Self.dune)
            let other = try await library.add(BookForm(title: "Frankenstein", author: "Mary Shelley", categories: "horror"))
            let third = try await library.add(BookForm(title: "Emma", author: "Jane Austen"))
            _ = try await library.checkOut(id: dune.id, borrower: "Ann", ifVersion: nil)
            clock.advance(days: 10)
            _ = try await library.checkOut(id: other.id, borrower: "Bob", ifVersion: nil)
            clock.advance(days: 5)
            #expect(try await library.loans(.overdue(at: clock.now)).items.map(\.bookID) == [dune.id])
            #expect(try await library.books(BookQuery(status: .overdue)).items.map(\.id) == [dune.id])
            #expect(try await library.books(BookQuery(status: .onLoan)).items.map(\.id) == [dune.id, other.id])
            #expect(try await library.books(BookQuery(status: .available)).items.map(\.id) == [third.id])
            #expect(try await library.books(BookQuery(search: "HORROR shelley")).items.map(\.id) == [other.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func editsArePartialAndAStaleVersionIsRefused(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            let book = try await library.add(Self.dune)
            let edited = try await library.edit(id: book.id, BookChanges(publisher: "Chilton"), ifVersion: book.version)
            #expect(edited.publisher == "Chilton" && edited.title == "Dune" && edited.version == book.version + 1)
            await #expect(throws: LibraryError.versionMismatch(id: book.id, current: edited.version)) {
                try await library.edit(id: book.id, BookChanges(title: "Dune Messiah"), ifVersion: book.version)
            }
            await #expect(throws: LibraryError.versionMismatch(id: book.id, current: edited.version)) {
                try await library.delete(id: book.id, ifVersion: book.version)
            }
            await #expect(throws: FieldErrors([FieldError(field: "title", message: "is required")])) {
                try await library.edit(id: book.id, BookChanges(title: ""), ifVersion: nil)
            }
            #expect(try await library.book(id: book.id) == edited)
            try await library.delete(id: book.id, ifVersion: edited.version)
            await #expect(throws: LibraryError.notFound(id: book.id)) { try await library.book(id: book.id) }
            await #expect(throws: LibraryError.notFound(id: book.id)) { try await library.checkOut(id: book.id, borrower: "Ann", ifVersion: nil) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func fiftyConcurrentCheckoutsHaveOneWinner(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            let book = try await library.add(Self.dune)
            let outcomes = await withTaskGroup(of: String.self) { group in
                for reader in 0..<50 {
                    group.addTask {
                        do {
                            _ = try await library.checkOut(id: book.id, borrower: "Reader \(reader)", ifVersion: nil)
                            return "won"
                        } catch let error as LibraryError {
                            if case .onLoan = error { return "refused" }
                            return "\(error)"
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            }
            #expect(outcomes == ["won": 1, "refused": 49])
            #expect(try await library.loans(.book(book.id)).items.count == 1)
        }
    }

    /// The books out and on the shelf are counted from a number the database keeps: it must
    /// follow every way a loan opens or closes.
    @Test(arguments: StoreKind.allCases)
    func theCountsOfBooksOutAndOnTheShelfFollowEveryLoan(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            func counts() async throws -> (out: Int, shelf: Int, all: Int) {
                let out = try await library.books(BookQuery(status: .onLoan), page: 1, perPage: 10)
                let shelf = try await library.books(BookQuery(status: .available), page: 1, perPage: 10)
                #expect(out.total == shelf.total)
                return (out.matching, shelf.matching, out.total)
            }
            let emma = try await library.add(BookForm(title: "Emma", author: "Jane Austen"))
            let dune = try await library.add(Self.dune)
            let third = try await library.add(BookForm(title: "Frankenstein", author: "Mary Shelley"))
            #expect(try await counts() == (0, 3, 3))
            _ = try await library.checkOut(id: emma.id, borrower: "Ann", ifVersion: nil)
            _ = try await library.checkOut(id: dune.id, borrower: "Bob", ifVersion: nil)
            #expect(try await counts() == (2, 1, 3))
            _ = try await library.checkIn(id: emma.id)
            #expect(try await counts() == (1, 2, 3))
            try await library.delete(id: dune.id, ifVersion: nil)
            #expect(try await counts() == (0, 2, 2), "a book deleted while out takes its loan with it")
            let report = try await library.importLoans("""
                bookId,borrower,checkedOut,due,returned
                \(third.id),Cy,2026-11-01 10:00:00,2026-11-15 10:00:00,
                \(emma.id),Dee,2026-10-01 10:00:00,2026-10-15 10:00:00,2026-10-10 09:00:00
                """)
            #expect(report.imported == 2)
            #expect(try await counts() == (1, 1, 2), "an imported open loan is out; a returned one is not")
            try await library.deleteAll()
            #expect(try await counts() == (0, 0, 0))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func cleanRemovesEverything(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            let book = try await library.add(Self.dune)
            _ = try await library.checkOut(id: book.id, borrower: "Ann", ifVersion: nil)
            try await library.deleteAll()
            #expect(try await library.books(BookQuery()).items.isEmpty)
            #expect(try await library.loans(.all).items.isEmpty)
        }
    }
}

@Suite struct ImportExportTests {
    @Test(arguments: StoreKind.allCases)
    func goodRowsGoInAndBadOnesAreReportedByLine(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let library = LocalLibrary(store: store)
            let books = "title,author,isbn,shelf\r\nEmma,Jane Austen,0141439513,A\r\n,Nobody,,B\r\n\"Persuasion, a novel\",Jane Austen,12,C\r\n"
            let report = try await library.importBooks(books)
            #expect(report.imported == 1)
            #expect(report.problems.map(\.description) == [
                "line 1: ignored the columns shelf", "line 3: title: is required", "line 4: isbn: \"12\" has 2 digits; an ISBN has 10 or 13",
            ])
            let emma = try #require(try await library.books(BookQuery()).items.first)

            let loans = """
                bookId,borrower,checkedOut,due,returned
                \(emma.id),Ann,2026-10-01 10:00:00,2026-10-15 10:00:00,2026-10-10 09:00:00
                \(emma.id),Bob,2026-11-01 10:00:00,2026-11-15 10:00:00,
                \(emma.id),Cy,2026-11-02 10:00:00,2026-11-16 10:00:00,
                99,Dee,2026-11-02 10:00:00,2026-11-16 10:00:00,
                \(emma.id),Eve,2026-11-02 10:00:00,2026-10-16 10:00:00,
                """
            let loanReport = try await library.importLoans(loans)
            #expect(loanReport.imported == 2)
            #expect(loanReport.problems.map(\.description) == [
                "line 4: book \(emma.id) is already checked out by Bob", "line 5: there is no book 99", "line 6: due: is before checkedOut",
            ])
            let book = try await library.book(id: emma.id)
            #expect(book.loan?.borrower == "Bob")
            #expect(book.lastCheckedOutBy == "Bob")

            // An export imports into another library as it was.
            let exported = try await library.exportLoans()
            #expect(exported.hasPrefix("id,bookId,borrower,checkedOut,due,returned\r\n"))
            #expect(exported.contains(",Ann,2026-10-01 10:00:00,2026-10-15 10:00:00,2026-10-10 09:00:00\r\n"))
            let exportedBooks = try await library.exportBooks()
            #expect(exportedBooks.contains(",Emma,Jane Austen,,,0141439513,2026-11-01 10:00:00,Bob\r\n"))
            try await library.deleteAll()
            #expect(try await library.importBooks(exportedBooks).imported == 1)
        }
    }

    /// Importing a file again, after fixing the rows it reported, adds each book and loan once:
    /// what the library has (by ISBN in either form, or by book, borrower and time) is reported as
    /// already there. A line that is not CSV costs that line alone.
    @Test(arguments: StoreKind.allCases)
    func importingAgainAddsNothingTwiceAndABrokenLineCostsOnlyItself(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let library = LocalLibrary(store: store)
            let books = """
                title,author,isbn
                Emma,Jane Austen,0141439513
                Bad "quote,Nobody,
                Dune,Frank Herbert,978-0-441-17271-9
                Emma again,Jane Austen,978-0-14-143951-8
                """
            let first = try await library.importBooks(books)
            #expect(first.imported == 2)
            #expect(first.problems.map(\.description) == ["line 3: not CSV: a quote inside an unquoted field; quote the whole field and double the quote"])
            let emma = try #require(try await library.books(BookQuery(search: "emma")).items.first)
            #expect(first.alreadyThere.map(\.description) == ["line 5: ISBN 9780141439518 is already in the library: line 2 added it as book \(emma.id)"])
            #expect(first.summary == "imported 2 books, 1 already in the library")

            let fixed = books.replacingOccurrences(of: "Bad \"quote", with: "Good quote")
            let second = try await library.importBooks(fixed)
            #expect(second.imported == 1, "only the fixed row is new")
            #expect(second.problems.isEmpty)
            #expect(second.alreadyThere.map(\.line) == [2, 4, 5])
            #expect(second.alreadyThere.first?.reason == "ISBN 0141439513 is already in the library: book \(emma.id), \"Emma\"")
            #expect(try await library.books(BookQuery()).items.map(\.title).sorted() == ["Dune", "Emma", "Good quote"])

            let loans = "bookId,borrower,checkedOut,due,returned\n\(emma.id),Ann,2026-10-01 10:00:00,2026-10-15 10:00:00,2026-10-10 09:00:00\n"
            #expect(try await library.importLoans(loans).imported == 1)
            let again = try await library.importLoans(loans)
            #expect(again.imported == 0)
            #expect(again.alreadyThere.map(\.line) == [2])
            #expect(try await library.loans(.book(emma.id)).items.count == 1)
        }
    }

    @Test func aFileWithoutTheColumnsIsRefusedWhole() async throws {
        try await StoreKind.sqlite.withStore { store in
            await #expect(throws: CSVImportError(message: "line 1: the header has no author column; it names title, writer")) {
                try await LocalLibrary(store: store).importBooks("title,writer\nEmma,Jane\n")
            }
            await #expect(throws: CSVImportError(message: "the file is empty; it needs a header row: id,title,author,publisher,categories,isbn,lastCheckedOut,lastCheckedOutBy")) {
                try await LocalLibrary(store: store).importBooks("")
            }
        }
    }
}

@Suite struct SQLiteStoreTests {
    @Test func aNewFileGetsTheSampleLibraryOnceAndKeepsItsData() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        let first = try SQLLibraryStore(path: path)
        let sample = try await first.books()
        #expect(sample.map(\.title) == SampleLibrary.books.map(\.title))
        try await first.delete(id: sample[0].id, expectedVersion: nil)

        let reopened = try SQLLibraryStore(path: path)
        #expect(try await reopened.books().count == SampleLibrary.books.count - 1, "not seeded twice")
    }

    /// A file of the version before, whose cards and borrowers were compared with `COLLATE
    /// NOCASE`, keeps its patrons and loans, and compares them through `lower` as PostgreSQL does.
    @Test func aFileOfTheVersionBeforeKeepsItsPatronsAndLoans() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        let before = try SQLiteDatabase(path: path)
        try before.migrate(SQLLibraryStore.migrations(.sqlite, seeded: false).filter { $0.name != "library case folding" })
        _ = try await before.write { db in
            try db.execute([
                "INSERT INTO books (title, author) VALUES ('Emma', 'Jane Austen')",
                "INSERT INTO patrons (name, name_key, card, words) VALUES ('Ann Smith', 'ann smith', 'C-1001', 'ann smith c1001')",
                "INSERT INTO loans (book_id, borrower, patron_id, checked_out, due) VALUES (1, 'Ann Smith', 1, '2026-11-01 10:00:00.000', '2026-11-22 10:00:00.000')",
            ])
        }
        let store = try SQLLibraryStore(path: path, seeded: false)
        #expect(try await store.patron(.card("c-1001"))?.name == "Ann Smith")
        #expect(try await store.loans(.borrower("ANN SMITH")).map(\.bookID) == [1])
        #expect(try await store.book(id: 1)?.loan?.borrower == "Ann Smith")
        await #expect(throws: LibraryError.cardTaken(card: "c-1001", by: 1)) {
            try await store.insertPatron(PatronFields(name: "Bob", card: "c-1001"))
        }
    }

    @Test func theSampleLibrarysISBNsAreValid() throws {
        for book in SampleLibrary.books {
            #expect(try ISBN(book.isbn ?? "").digits == book.isbn)
        }
    }
}
