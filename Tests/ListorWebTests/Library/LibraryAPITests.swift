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

/// The library API as the original clients use it, and what Listor adds, on a real SQLite file.
@Suite struct LibraryAPITests {
    /// A library of two books in a temporary SQLite file, behind the API at /library/api.
    func withAPI(adminToken: String? = nil, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: "fiction, science fiction"),
                                                 BookFields(title: "Emma", author: "Jane Austen")])
        try await Application(router: try await site.router(adminToken: adminToken)).test(.router, test)
        withExtendedLifetime(site) {}
    }

    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    static let json: HTTPFields = [.contentType: "application/json"]

    func object(_ response: TestResponse) throws -> JSONValue {
        try JSONParser.parse(String(buffer: response.body))
    }

    @Test func theOriginalClientsRequestShapesWork() async throws {
        try await withAPI { client in
            // Trailing slashes, as the original clients sent them.
            let list = try await client.execute(uri: "/library/api/books/", method: .get)
            #expect(list.status == .ok)
            guard case .array(let books) = try object(list) else { Issue.record("not an array"); return }
            #expect(books.map { $0["url"] } == [.string("/books/1"), .string("/books/2")])
            #expect(books.first?["lastCheckedOut"] == .null)

            // A checkout is a form-encoded PUT with only lastCheckedOutBy; the server sets the time.
            let checkout = try await client.execute(uri: "/library/api/books/1/", method: .put, headers: Self.form, body: ByteBuffer(string: "lastCheckedOutBy=Ann+Lee"))
            #expect(checkout.status == .ok)
            let book = try object(checkout)
            #expect(book["lastCheckedOutBy"] == .string("Ann Lee"))
            #expect(book["lastCheckedOut"]?.stringValue.flatMap(LibraryDate.date) != nil)

            // Adding: JSON and form bodies both.
            let json = try await client.execute(uri: "/library/api/books", method: .post, headers: Self.json,
                                                body: ByteBuffer(string: #"{"title": "Frankenstein", "author": "Mary Shelley", "publisher": null, "categories": "horror"}"#))
            #expect(json.status == .created)
            #expect(json.headers[.location] == "/library/api/books/3")
            #expect(try object(json)["categories"] == .string("horror"))
            let form = try await client.execute(uri: "/library/api/books/", method: .post, headers: Self.form,
                                                body: ByteBuffer(string: "title=Persuasion&author=Jane%20Austen&publisher=Penguin&categories=novel%2C%20classics"))
            #expect(form.status == .created)
            #expect(try object(form)["categories"] == .string("novel, classics"))
            #expect(try await client.execute(uri: "/library/api/books/4", method: .get).status == .ok)
        }
    }

    @Test func aBookOnLoanCannotBeCheckedOutAgainUntilItComesBack() async throws {
        try await withAPI { client in
            _ = try await client.execute(uri: "/library/api/books/1", method: .put, headers: Self.form, body: ByteBuffer(string: "lastCheckedOutBy=Ann"))
            let again = try await client.execute(uri: "/library/api/books/1", method: .put, headers: Self.json, body: ByteBuffer(string: #"{"lastCheckedOutBy": "Bob"}"#))
            #expect(again.status == .conflict)
            #expect(try object(again)["error"] == .string("book 1 is already checked out by Ann"))
            #expect(try object(again)["lastCheckedOutBy"] == .string("Ann"))

            let back = try await client.execute(uri: "/library/api/books/1/checkin", method: .post)
            #expect(back.status == .ok)
            #expect(try object(back)["loan"] == .null)
            #expect(try await client.execute(uri: "/library/api/books/1/checkin", method: .post).status == .conflict)
            #expect(try await client.execute(uri: "/library/api/books/1", method: .put, headers: Self.form, body: ByteBuffer(string: "lastCheckedOutBy=Bob")).status == .ok)

            let history = try object(try await client.execute(uri: "/library/api/books/1/loans", method: .get))
            guard case .array(let loans) = history else { Issue.record("not an array"); return }
            #expect(loans.map { $0["borrower"] } == [.string("Bob"), .string("Ann")])
            guard case .array(let anns) = try object(try await client.execute(uri: "/library/api/borrowers/Ann/loans", method: .get)) else { return }
            #expect(anns.count == 1)
            #expect(try object(try await client.execute(uri: "/library/api/loans/overdue", method: .get)) == .array([]))
        }
    }

    @Test func badBodiesAre400sThatNameTheFieldAndWriteNothing() async throws {
        try await withAPI { client in
            let missing = try await client.execute(uri: "/library/api/books", method: .post, headers: Self.form, body: ByteBuffer(string: "title=++&isbn=123"))
            #expect(missing.status == .badRequest)
            #expect(try object(missing)["fields"] == .members([
                ("title", .string("is required")), ("author", .string("is required")), ("isbn", .string("\"123\" has 3 digits; an ISBN has 10 or 13")),
            ]))
            let typed = try await client.execute(uri: "/library/api/books", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"title": 7, "author": "A"}"#))
            #expect(typed.status == .badRequest)
            #expect(try object(typed)["error"] == .string("title: expected a string, found the number 7"))
            #expect(try object(typed)["fields"] == .members([("title", .string("expected a string, found the number 7"))]))
            let broken = try await client.execute(uri: "/library/api/books", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"title": "#))
            #expect(broken.status == .badRequest)
            let emptyEdit = try await client.execute(uri: "/library/api/books/2", method: .put, headers: Self.json, body: ByteBuffer(string: #"{"author": " "}"#))
            #expect(try object(emptyEdit)["fields"] == .members([("author", .string("is required"))]))

            // A misspelt field is named, in JSON and in a form, and nothing is written; a book sent
            // back as it was read (with its id, url, version…) is a good body.
            let unknown = "is not a field of a book; the fields are title, author, publisher, categories, isbn, lastCheckedOutBy, patron, card, due"
            let typo = try await client.execute(uri: "/library/api/books/2", method: .put, headers: Self.json, body: ByteBuffer(string: #"{"titel": "typo"}"#))
            #expect(typo.status == .badRequest)
            #expect(try object(typo)["fields"] == .members([("titel", .string(unknown))]))
            let formTypo = try await client.execute(uri: "/library/api/books/2", method: .put, headers: Self.form, body: ByteBuffer(string: "title=X&auther=Y"))
            #expect(try object(formTypo)["fields"] == .members([("auther", .string(unknown))]))
            let read = try await client.execute(uri: "/library/api/books/2", method: .get)
            let sentBack = try await client.execute(uri: "/library/api/books/2", method: .put, headers: Self.json, body: read.body)
            #expect(sentBack.status == .ok)
            let iOSForm = try await client.execute(uri: "/library/api/books/2", method: .put, headers: Self.form,
                                                   body: ByteBuffer(string: "id=2&url=%2Fbooks%2F2&lastCheckedOut=&author=Jane+Austen"))
            #expect(iOSForm.status == .ok)

            guard case .array(let books) = try object(try await client.execute(uri: "/library/api/books", method: .get)) else { return }
            #expect(books.count == 2)
            #expect(books.last?["author"] == .string("Jane Austen"))
            #expect(try await client.execute(uri: "/library/api/books/99", method: .get).status == .notFound)
        }
    }

    @Test func editsCarryAnETagAndAStaleIfMatchIsRefused() async throws {
        try await withAPI { client in
            let read = try await client.execute(uri: "/library/api/books/2", method: .get)
            let tag = try #require(read.headers[.eTag])
            let edited = try await client.execute(uri: "/library/api/books/2", method: .put, headers: [.contentType: "application/json", .ifMatch: tag],
                                                  body: ByteBuffer(string: #"{"publisher": "Penguin"}"#))
            #expect(edited.status == .ok)
            #expect(edited.headers[.eTag] != tag)
            let stale = try await client.execute(uri: "/library/api/books/2", method: .put, headers: [.contentType: "application/json", .ifMatch: tag],
                                                 body: ByteBuffer(string: #"{"publisher": "Vintage"}"#))
            #expect(stale.status == .preconditionFailed)
            #expect(try object(try await client.execute(uri: "/library/api/books/2", method: .get))["publisher"] == .string("Penguin"))
            let staleDelete = try await client.execute(uri: "/library/api/books/2", method: .delete, headers: [.ifMatch: tag])
            #expect(staleDelete.status == .preconditionFailed)
        }
    }

    @Test func deletingNeedsTheAdminTokenWhenOneIsSet() async throws {
        try await withAPI(adminToken: "s3cret") { client in
            let anonymous = try await client.execute(uri: "/library/api/clean", method: .delete)
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await client.execute(uri: "/library/api/books/1", method: .delete, headers: [.authorization: "Bearer guess"]).status == .unauthorized)
            #expect(try await client.execute(uri: "/library/api/books/1", method: .delete, headers: [.authorization: "Bearer s3cret"]).status == .noContent)
            #expect(try await client.execute(uri: "/library/api/clean/", method: .delete, headers: [.authorization: "Bearer s3cret"]).status == .noContent)
            #expect(try object(try await client.execute(uri: "/library/api/books", method: .get)) == .array([]))
        }
    }

    @Test func fiftyConcurrentCheckoutsOverTheAPIHaveOneWinner() async throws {
        try await withAPI { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for reader in 0..<50 {
                    group.addTask {
                        try await client.execute(uri: "/library/api/books/1", method: .put, headers: Self.form, body: ByteBuffer(string: "lastCheckedOutBy=Reader+\(reader)")).status
                    }
                }
                return try await group.reduce(into: [Int: Int]()) { $0[$1.code, default: 0] += 1 }
            }
            #expect(statuses == [200: 1, 409: 49])
        }
    }

    @Test func searchAndStatusFilterTheList() async throws {
        try await withAPI { client in
            _ = try await client.execute(uri: "/library/api/books/1", method: .put, headers: Self.form, body: ByteBuffer(string: "lastCheckedOutBy=Ann"))
            func titles(_ query: String) async throws -> [JSONValue?] {
                guard case .array(let books) = try object(try await client.execute(uri: "/library/api/books?" + query, method: .get)) else { return [] }
                return books.map { $0["title"] }
            }
            #expect(try await titles("search=austen") == [.string("Emma")])
            #expect(try await titles("status=on-loan") == [.string("Dune")])
            #expect(try await titles("status=available&search=science") == [])
            let bad = try await client.execute(uri: "/library/api/books?status=late", method: .get)
            #expect(bad.status == .badRequest)
        }
    }
}
