import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
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
        let sqlite = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        _ = try await sqlite.insert(BookFields(title: "Dune", author: "Frank Herbert"))
        _ = try await sqlite.insertPatron(PatronFields(name: "Ann"))
        _ = try await sqlite.insertPatron(PatronFields(name: "Bob"))
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
            #expect(store.calls == ["circulate"], "one write, and nothing read")
            #expect(try await sqlite.book(id: 1)?.loan?.borrower == "Ann")

            // A refusal reads the book, to show why on its page, and writes nothing.
            store.reset()
            let again = try await client.execute(uri: "/library/books/1/checkout", method: .post,
                                                 headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(token)"],
                                                 body: ByteBuffer(string: "csrf=\(token)&borrower=Bob"))
            #expect(again.status == .conflict)
            #expect(store.calls.first == "circulate" && !store.calls.dropFirst().contains("circulate"))
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
    func insert(_ fields: BookFields, lend: CirculationRequest?, cover: StoredCover?) async throws -> Book {
        note("insert"); return try await base.insert(fields, lend: lend, cover: cover)
    }
    func update(id: Book.ID, _ fields: BookFields, lend: CirculationRequest?, cover: CoverChange?, expectedVersion: Int?) async throws -> Book {
        note("update"); return try await base.update(id: id, fields, lend: lend, cover: cover, expectedVersion: expectedVersion)
    }
    func delete(id: Book.ID, expectedVersion: Int?) async throws { note("delete"); try await base.delete(id: id, expectedVersion: expectedVersion) }
    func deleteAll() async throws { note("deleteAll"); try await base.deleteAll() }
    func circulate(book id: Book.ID, _ request: CirculationRequest, expectedVersion: Int?) async throws -> CirculationOutcome {
        note("circulate"); return try await base.circulate(book: id, request, expectedVersion: expectedVersion)
    }
    func holds(_ selection: HoldSelection) async throws -> [Hold] { note("holds"); return try await base.holds(selection) }
    func insertPatron(_ fields: PatronFields) async throws -> Patron { note("insertPatron"); return try await base.insertPatron(fields) }
    func updatePatron(id: Patron.ID, _ fields: PatronFields, expectedVersion: Int?) async throws -> Patron {
        note("updatePatron"); return try await base.updatePatron(id: id, fields, expectedVersion: expectedVersion)
    }
    func patron(_ reference: PatronReference) async throws -> Patron? { note("patron"); return try await base.patron(reference) }
    func patrons(search: String, limit: Int, offset: Int) async throws -> [Patron] {
        note("patrons"); return try await base.patrons(search: search, limit: limit, offset: offset)
    }
    func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron {
        note("mergePatrons"); return try await base.mergePatrons(keep: kept, merge: merged)
    }
    func deletePatron(id: Patron.ID) async throws { note("deletePatron"); try await base.deletePatron(id: id) }
    func loans(_ selection: LoanSelection) async throws -> [Loan] { note("loans"); return try await base.loans(selection) }
    func insertLoan(_ loan: LibraryCSV.LoanRow) async throws -> Loan { note("insertLoan"); return try await base.insertLoan(loan) }
    func cover(of id: Book.ID) async throws -> StoredCover? { note("cover"); return try await base.cover(of: id) }
    func setCover(_ change: CoverChange, of id: Book.ID, expectedVersion: Int?) async throws -> Book {
        note("setCover"); return try await base.setCover(change, of: id, expectedVersion: expectedVersion)
    }
    func reminderSources(dueBefore: Date) async throws -> ReminderSources { note("reminderSources"); return try await base.reminderSources(dueBefore: dueBefore) }
    func kept(_ keys: [String]) async throws -> Set<String> { note("kept"); return try await base.kept(keys) }
    func overdueLettersSent(about loans: [Loan.ID]) async throws -> [Loan.ID: Int] { note("overdueLettersSent"); return try await base.overdueLettersSent(about: loans) }
    func enqueue(_ letters: [ReminderLetter], at now: Date) async throws -> Int { note("enqueue"); return try await base.enqueue(letters, at: now) }
    func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [QueuedMail] {
        note("claim"); return try await base.claim(limit: limit, now: now, lease: lease, sender: sender)
    }
    func record(_ outcome: OutboxOutcome, of id: Int64, sender: String) async throws { note("record"); try await base.record(outcome, of: id, sender: sender) }
    func outbox(_ state: OutboxMessage.State?, limit: Int, offset: Int) async throws -> [OutboxMessage] {
        note("outbox"); return try await base.outbox(state, limit: limit, offset: offset)
    }
    func outboxCounts() async throws -> [OutboxMessage.State: Int] { note("outboxCounts"); return try await base.outboxCounts() }
}
