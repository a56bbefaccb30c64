import Foundation
import Library
import ListorKit
import Tagged
import Testing

/// Search, status filters and pages answered by each store's indexes: the same answers from
/// SQLite (FTS5) and PostgreSQL (a GIN index over a tsvector), and from `BookQuery.matches`.
@Suite struct BookSearchTests {
    func withLibrary(_ kind: StoreKind, _ body: @Sendable (LocalLibrary, TestClock) async throws -> Void) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            try await body(LocalLibrary(store: store, now: { clock.now }), clock)
        }
    }

    static let shelf = [
        BookForm(title: "Jane Eyre", author: "Charlotte Brontë", publisher: "Smith, Elder & Co.", categories: "fiction, gothic"),
        BookForm(title: "Frankenstein", author: "Mary Shelley", categories: "horror, science fiction"),
        BookForm(title: "Ångström's Tables", author: "Anders Ångström", publisher: "Uppsala"),
        BookForm(title: "At Swim-Two-Birds", author: "Flann O'Brien", categories: "comedy"),
    ]

    func ids(_ library: LocalLibrary, _ search: String, status: BookQuery.Status = .all) async throws -> [Book.ID] {
        try await library.books(BookQuery(search: search, status: status), page: 1, perPage: 50).books.map(\.id)
    }

    @Test(arguments: StoreKind.allCases)
    func wordsAreFoundByTheirBeginningsFoldedInAnyOrder(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            var added: [Book] = []
            for form in Self.shelf { added.append(try await library.add(form)) }
            let (eyre, frankenstein, angstrom, swim) = (added[0].id, added[1].id, added[2].id, added[3].id)
            #expect(try await ids(library, "bron jane") == [eyre], "prefixes, in any order")
            #expect(try await ids(library, "BRONTË") == [eyre], "case and diacritics folded in the search")
            #expect(try await ids(library, "angstrom") == [angstrom], "and in the book")
            #expect(try await ids(library, "gothic") == [eyre], "categories are searched")
            #expect(try await ids(library, "uppsala") == [angstrom], "publishers are searched")
            #expect(try await ids(library, "fiction") == [eyre, frankenstein])
            #expect(try await ids(library, "o'brien") == [swim], "punctuation cuts words, in the search as in the book")
            #expect(try await ids(library, "two birds") == [swim])
            #expect(try await ids(library, "rank").isEmpty, "a word is found by its beginning, not its middle")
            #expect(try await ids(library, "jane zzz").isEmpty, "every word must be found")
            #expect(try await ids(library, " !? ") == added.map(\.id), "a search of punctuation alone picks every book")
            // The same answers in memory, as a remote library's list is filtered.
            let books = try await library.books(BookQuery()).items
            for search in ["bron jane", "BRONTË", "o'brien", "rank", "fiction"] {
                #expect(books.filter { BookQuery(search: search).matches($0, at: Date()) }.map(\.id) == (try await ids(library, search)), "\(search)")
            }
        }
    }

    /// What a circulation desk types most: an ISBN, in either form, with or without hyphens;
    /// and the name of whoever has a book, found while they have it.
    @Test(arguments: StoreKind.allCases)
    func booksAreFoundByISBNAndNeverByWhoHasThem(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            let austen = try await library.add(BookForm(title: "Pride and Prejudice", author: "Jane Austen", isbn: "9780141439518"))
            let dune = try await library.add(BookForm(title: "Dune", author: "Frank Herbert", isbn: "0-441-17271-7"))
            for search in ["9780141439518", "978-0-14-143951-8", "0141439513", "0-14-143951-3", "97801414"] {
                #expect(try await ids(library, search) == [austen.id], "\(search)")
            }
            for search in ["0441172717", "978-0-441-17271-9", "9780441172719"] {
                #expect(try await ids(library, search) == [dune.id], "\(search)")
            }
            // A search anyone may make must not tell what a reader reads (the ALA's and IFLA's codes).
            _ = try await library.checkOut(id: dune.id, borrower: "Ann Müller", ifVersion: nil)
            #expect(try await ids(library, "muller").isEmpty)
            #expect(try await ids(library, "ann", status: .onLoan).isEmpty)
            #expect(try await ids(library, "dune", status: .onLoan) == [dune.id])
            let books = try await library.books(BookQuery()).items
            for search in ["ann", "dune", "0141439513", "978-0-14-143951-8"] {
                #expect(books.filter { BookQuery(search: search).matches($0, at: Date()) }.map(\.id) == (try await ids(library, search)), "\(search), in memory")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func editsAndDeletionsKeepTheIndexTrue(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, _ async throws in
            let book = try await library.add(Self.shelf[1])
            let other = try await library.add(Self.shelf[0])
            _ = try await library.edit(id: book.id, BookChanges(title: "The Modern Prometheus"), ifVersion: nil)
            #expect(try await ids(library, "frank").isEmpty)
            #expect(try await ids(library, "prometh shelley") == [book.id])
            try await library.delete(id: book.id, ifVersion: nil)
            #expect(try await ids(library, "prometh").isEmpty)
            try await library.deleteAll()
            #expect(try await ids(library, "jane").isEmpty)
            let again = try await library.add(Self.shelf[0])
            #expect(try await ids(library, "jane") == [again.id], "a new book after a clean is found, not \(other.id)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func pagesCountTheMatchesAndAPagePastTheLastIsTheLast(_ kind: StoreKind) async throws {
        try await withLibrary(kind) { library, clock async throws in
            var added: [Book] = []
            for number in 1...120 {
                added.append(try await library.add(BookForm(title: "Volume \(number)", author: number.isMultiple(of: 3) ? "Ann Third" : "Bob Other")))
            }
            let second = try await library.books(BookQuery(), page: 2, perPage: 50)
            #expect(second.books.map(\.id) == Array(added[50..<100].map(\.id)))
            #expect((second.number, second.count, second.matching, second.total) == (2, 3, 120, 120))
            let past = try await library.books(BookQuery(), page: 99, perPage: 50)
            #expect(past.number == 3)
            #expect(past.books.map(\.id) == Array(added[100...].map(\.id)))

            let thirds = try await library.books(BookQuery(search: "third"), page: 1, perPage: 25)
            #expect((thirds.matching, thirds.total, thirds.count) == (40, 120, 2))
            #expect(thirds.books.first?.id == added[2].id)
            // Counts are kept until the library changes, and no longer.
            #expect(try await library.books(BookQuery(search: "third", status: .available), page: 1, perPage: 25).matching == 40)
            let another = try await library.add(BookForm(title: "Volume 121", author: "Ann Third"))
            #expect(try await library.books(BookQuery(search: "third"), page: 1, perPage: 25).matching == 41)
            _ = try await library.checkOut(id: another.id, borrower: "Eve", ifVersion: nil)
            #expect(try await library.books(BookQuery(search: "third", status: .available), page: 1, perPage: 25).matching == 40)
            _ = try await library.checkIn(id: another.id)
            try await library.delete(id: another.id, ifVersion: nil)
            #expect(try await library.books(BookQuery(search: "third", status: .available), page: 1, perPage: 25).matching == 40)
            #expect(try await library.books(BookQuery(search: "third"), page: 1, perPage: 25).matching == 40)

            for index in [2, 5, 7] { _ = try await library.checkOut(id: added[index].id, borrower: "Cy", ifVersion: nil) }
            clock.advance(days: 15)
            _ = try await library.checkOut(id: added[8].id, borrower: "Di", ifVersion: nil)
            let onLoan = try await library.books(BookQuery(status: .onLoan), page: 1, perPage: 50)
            #expect(onLoan.books.map(\.id) == [2, 5, 7, 8].map { added[$0].id })
            #expect((onLoan.matching, onLoan.total) == (4, 120))
            #expect(try await library.books(BookQuery(status: .available), page: 1, perPage: 50).matching == 116)
            #expect(try await library.books(BookQuery(status: .available), page: 1, perPage: 6).books.map(\.id) == [0, 1, 3, 4, 6, 9].map { added[$0].id })
            _ = try await library.checkOut(id: added[9].id, borrower: "Eve", ifVersion: nil)
            #expect(try await library.books(BookQuery(status: .available), page: 1, perPage: 6).books.map(\.id) == [0, 1, 3, 4, 6, 10].map { added[$0].id })
            _ = try await library.checkIn(id: added[9].id)
            #expect(try await library.books(BookQuery(status: .available), page: 1, perPage: 6).books.map(\.id) == [0, 1, 3, 4, 6, 9].map { added[$0].id })
            let overdue = try await library.books(BookQuery(status: .overdue), page: 1, perPage: 50)
            #expect(overdue.books.map(\.id) == [2, 5, 7].map { added[$0].id })
            #expect(overdue.matching == 3)
            let overdueThirds = try await library.books(BookQuery(search: "third", status: .overdue), page: 1, perPage: 50)
            #expect(overdueThirds.books.map(\.id) == [2, 5].map { added[$0].id }, "volumes 3 and 6 are Ann Third's; 8 is not")

            // Batches after a book: each book once, in order.
            var seen: [Book.ID] = []
            var last: Book.ID?
            while true {
                let batch = try await library.books(BookQuery(search: "volume"), after: last, limit: 50).items
                seen += batch.map(\.id)
                guard let end = batch.last?.id else { break }
                last = end
            }
            #expect(seen == added.map(\.id))
            #expect(try await library.books(ids: [added[4].id, 999_999, added[1].id]).map(\.id) == [added[1].id, added[4].id])
        }
    }
}
