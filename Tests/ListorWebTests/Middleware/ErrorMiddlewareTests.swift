import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorKit
import ListorTestSupport
import ListorWeb
import Tagged
import Testing

/// Every error has one way out: JSON on a path a module declares as its API, whatever the path
/// is called, and the error page elsewhere.
@Suite struct ErrorMiddlewareTests {
    /// The library's API mounted at /books-service (no "api" in it), on a SQLite file with one book.
    func withAPI(library: (any LibraryService)? = nil, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        _ = try await store.insert(BookFields(title: "Dune", author: "Frank Herbert"))
        let module = LibraryWebModule(library: (library ?? LocalLibrary(store: store)), covers: BookCovers(library: library ?? LocalLibrary(store: store)), apiPrefix: "/books-service")
        try await Application(router: try await buildRouter(configuration: WebConfiguration(), modules: [module])).test(.router, test)
        withExtendedLifetime(directory) {}
    }

    static func error(_ response: TestResponse) throws -> JSONValue {
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        return try JSONParser.parse(String(buffer: response.body))["error"] ?? .null
    }

    @Test func anOversizedBodyIsA413InJSON() async throws {
        try await withAPI { client in
            let body = ByteBuffer(repeating: UInt8(ascii: "a"), count: 2 << 20)
            let response = try await client.execute(uri: "/books-service/books", method: .post,
                                                    headers: [.contentType: "application/json", .contentLength: "\(2 << 20)"], body: body)
            #expect(response.status == .contentTooLarge)
            #expect(try Self.error(response) == .string("the body is larger than the limit of 1048576 bytes"))
        }
    }

    /// A body sent without a length (chunked) that runs past the limit is a 413 too, not a 400
    /// naming NIO's error.
    @Test func anOversizedChunkedBodyIsA413InJSON() async throws {
        try await withAPI { client in
            let response = try await client.execute(uri: "/books-service/books", method: .post,
                                                    headers: [.contentType: "application/json", .transferEncoding: "chunked"],
                                                    body: ByteBuffer(repeating: UInt8(ascii: "a"), count: 3 << 20))
            #expect(response.status == .contentTooLarge)
            #expect(try Self.error(response) == .string("the body is larger than the limit of 1048576 bytes"))
        }
    }

    @Test func unknownBooksAndPathsAre404sInJSON() async throws {
        try await withAPI { client in
            let book = try await client.execute(uri: "/books-service/books/99", method: .get)
            #expect(book.status == .notFound)
            #expect(try Self.error(book) == .string("there is no book 99"))
            let path = try await client.execute(uri: "/books-service/nothing/here", method: .get)
            #expect(path.status == .notFound)
            #expect(try Self.error(path) == .string("There is no page at /books-service/nothing/here."))
            let badID = try await client.execute(uri: "/books-service/books/x", method: .get)
            #expect(try Self.error(badID) == .string("there is no book \"x\"; book ids are whole numbers"))
            // A page is still a page.
            let page = try await client.execute(uri: "/library/books/99", method: .get)
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: page.body).contains("The library has no book 99. It may have been deleted."))
        }
    }

    @Test func aConflictIsA409InJSONNamingTheBorrower() async throws {
        try await withAPI { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            #expect(try await client.execute(uri: "/books-service/books/1", method: .put, headers: form, body: ByteBuffer(string: "lastCheckedOutBy=Ann")).status == .ok)
            let again = try await client.execute(uri: "/books-service/books/1", method: .put, headers: form, body: ByteBuffer(string: "lastCheckedOutBy=Bob"))
            #expect(again.status == .conflict)
            #expect(try Self.error(again) == .string("book 1 is already checked out by Ann"))
            #expect(try JSONParser.parse(String(buffer: again.body))["lastCheckedOutBy"] == .string("Ann"))
        }
    }

    @Test func anUnexpectedFailureIsA500InJSONThatTellsNothingOfItsCause() async throws {
        try await withAPI(library: BrokenLibrary()) { client in
            let response = try await client.execute(uri: "/books-service/books", method: .get)
            #expect(response.status == .internalServerError)
            #expect(try Self.error(response) == .string("the server could not answer this request; the details are in its log"))
            #expect(!String(buffer: response.body).contains("disk on fire"))
        }
    }
}

/// A library whose every list fails in a way nobody planned for.
private struct BrokenLibrary: LibraryService {
    struct Failure: Error { let detail = "disk on fire" }

    func books(_ query: BookQuery) async throws -> PartialResult<Book> { throw Failure() }
    func books(_ query: BookQuery, page: Int, perPage: Int) async throws -> BookPage { throw Failure() }
    func books(_ query: BookQuery, after: Book.ID?, limit: Int) async throws -> PartialResult<Book> { throw Failure() }
    func books(ids: [Book.ID]) async throws -> [Book] { throw Failure() }
    func book(id: Book.ID) async throws -> Book { throw Failure() }
    func change() async throws -> Int64? { throw Failure() }
    func add(_ form: BookForm, checkedOutBy borrower: String?, cover: [UInt8]?) async throws -> Book { throw Failure() }
    func edit(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, cover: CoverEdit?, ifVersion: Int?) async throws -> Book { throw Failure() }
    func cover(of id: Book.ID) async throws -> StoredCover? { throw Failure() }
    func checkOut(id: Book.ID, borrower: String, ifVersion: Int?) async throws -> Book { throw Failure() }
    func checkIn(id: Book.ID) async throws -> Book { throw Failure() }
    func delete(id: Book.ID, ifVersion: Int?) async throws { throw Failure() }
    func deleteAll() async throws { throw Failure() }
    func loans(_ selection: LoanSelection) async throws -> PartialResult<Loan> { throw Failure() }
    func overdue() async throws -> PartialResult<Loan> { throw Failure() }
    func importBooks(_ csv: String) async throws -> ImportReport { throw Failure() }
    func importLoans(_ csv: String) async throws -> ImportReport { throw Failure() }
    func exportBooks() async throws -> String { throw Failure() }
    func exportLoans() async throws -> String { throw Failure() }
    func importPatrons(_ csv: String) async throws -> ImportReport { throw Failure() }
    func exportPatrons() async throws -> String { throw Failure() }
    func checkOut(book id: Book.ID, to patron: PatronReference, due: Date?, ifVersion: Int?) async throws -> CirculationOutcome { throw Failure() }
    func checkIn(book id: Book.ID) async throws -> CirculationOutcome { throw Failure() }
    func renew(book id: Book.ID) async throws -> CirculationOutcome { throw Failure() }
    func placeHold(on id: Book.ID, for patron: PatronReference) async throws -> CirculationOutcome { throw Failure() }
    func cancelHold(_ hold: Hold.ID, on id: Book.ID) async throws -> CirculationOutcome { throw Failure() }
    func queue(of id: Book.ID) async throws -> [Hold] { throw Failure() }
    func holds(of patron: Patron.ID) async throws -> [Hold] { throw Failure() }
    var categories: [PatronCategory] { [] }
    func addPatron(_ form: PatronForm) async throws -> Patron { throw Failure() }
    func editPatron(id: Patron.ID, _ form: PatronForm, ifVersion: Int?) async throws -> Patron { throw Failure() }
    func patron(id: Patron.ID) async throws -> Patron { throw Failure() }
    func patron(card: String) async throws -> Patron { throw Failure() }
    func patrons(search: String, page: Int, perPage: Int) async throws -> [Patron] { throw Failure() }
    func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron { throw Failure() }
    func deletePatron(id: Patron.ID) async throws { throw Failure() }
    func reminders(_ state: OutboxMessage.State?, page: Int, perPage: Int) async throws -> OutboxPage { throw Failure() }
}
