import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQLite
import ListorKit
import ListorTestSupport
import ListorWeb
import Synchronization
import Tagged
import Testing

/// An action is one write: a checkout through the page that goes through reads nothing from the
/// store, and writes once.
@Suite struct OneWriteTests {
    @Test func aCheckoutThatGoesThroughIsOneWriteAndNoRead() async throws {
        let directory = try TemporaryDirectory()
        let sqlite = try SQLiteLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        _ = try await sqlite.insert(BookFields(title: "Dune", author: "Frank Herbert"))
        let store = CountingStore(sqlite)
        let library = LocalLibrary(store: store)
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [LibraryWebModule(library: library, covers: BookCovers(library: library))])
        try await Application(router: router).test(.router) { client in
            let first = try await client.execute(uri: "/library/sign-in", method: .get)
            let token = String(try #require(first.headers[.setCookie]?.split(separator: ";").first?.split(separator: "=").last))
            store.reset()
            let out = try await client.execute(uri: "/library/books/1/checkout", method: .post,
                                               headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(token)"],
                                               body: ByteBuffer(string: "csrf=\(token)&borrower=Ann"))
            #expect(out.status == .seeOther)
            #expect(store.calls == ["checkOut"], "one write, and nothing read")
            #expect(try await sqlite.book(id: 1)?.loan?.borrower == "Ann")

            // A refusal reads the book, to show why on its page, and writes nothing.
            store.reset()
            let again = try await client.execute(uri: "/library/books/1/checkout", method: .post,
                                                 headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(token)"],
                                                 body: ByteBuffer(string: "csrf=\(token)&borrower=Bob"))
            #expect(again.status == .conflict)
            #expect(store.calls.first == "checkOut" && !store.calls.dropFirst().contains("checkOut"))
        }
        withExtendedLifetime(directory) {}
    }
}

/// A store that names each call it passes on to a real one, for counting reads and writes.
private final class CountingStore: LibraryStore {
    private let base: any LibraryStore
    private let log = Mutex<[String]>([])

    init(_ base: any LibraryStore) { self.base = base }

    var calls: [String] { log.withLock { $0 } }
    func reset() { log.withLock { $0 = [] } }
    private func note(_ name: String) { log.withLock { $0.append(name) } }

    func books(_ query: BookQuery, at date: Date, range: BookRange) async throws -> [Book] {
        note("books"); return try await base.books(query, at: date, range: range)
    }
    func page(_ query: BookQuery, at date: Date, number: Int, size: Int) async throws -> BookPage {
        note("page"); return try await base.page(query, at: date, number: number, size: size)
    }
    func books(ids: [Book.ID]) async throws -> [Book] { note("books(ids:)"); return try await base.books(ids: ids) }
    func book(id: Book.ID) async throws -> Book? { note("book"); return try await base.book(id: id) }
    func change() async throws -> Int64 { note("change"); return try await base.change() }
    func insert(_ fields: BookFields, checkout: Checkout?, cover: StoredCover?) async throws -> Book {
        note("insert"); return try await base.insert(fields, checkout: checkout, cover: cover)
    }
    func update(id: Book.ID, _ fields: BookFields, checkout: Checkout?, cover: CoverChange?, expectedVersion: Int?) async throws -> Book {
        note("update"); return try await base.update(id: id, fields, checkout: checkout, cover: cover, expectedVersion: expectedVersion)
    }
    func delete(id: Book.ID, expectedVersion: Int?) async throws { note("delete"); try await base.delete(id: id, expectedVersion: expectedVersion) }
    func deleteAll() async throws { note("deleteAll"); try await base.deleteAll() }
    func checkOut(id: Book.ID, _ checkout: Checkout, expectedVersion: Int?) async throws -> Book {
        note("checkOut"); return try await base.checkOut(id: id, checkout, expectedVersion: expectedVersion)
    }
    func checkIn(id: Book.ID, at date: Date) async throws -> Book { note("checkIn"); return try await base.checkIn(id: id, at: date) }
    func loans(_ selection: LoanSelection) async throws -> [Loan] { note("loans"); return try await base.loans(selection) }
    func insertLoan(_ loan: LibraryCSV.LoanRow) async throws -> Loan { note("insertLoan"); return try await base.insertLoan(loan) }
    func cover(of id: Book.ID) async throws -> StoredCover? { note("cover"); return try await base.cover(of: id) }
    func setCover(_ change: CoverChange, of id: Book.ID, expectedVersion: Int?) async throws -> Book {
        note("setCover"); return try await base.setCover(change, of: id, expectedVersion: expectedVersion)
    }
}
