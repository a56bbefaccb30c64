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

/// What an outside probe of the library found, each kept fixed: requests that fail write
/// nothing, the admin token guards every write, stored text holds no hidden characters, CSV is
/// safe in a spreadsheet, and the smaller answers are the ones an API user expects.
@Suite struct LibraryHardeningTests {
    func withLibrary(adminToken: String? = nil, openLending: Bool = false,
                     _ test: @escaping @Sendable (any TestClientProtocol, SQLLibraryStore) async throws -> Void) async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert")])
        try await Application(router: try await site.router(adminToken: adminToken, openLending: openLending)).test(.router) { client in
            try await test(client, site.store)
        }
        withExtendedLifetime(site) {}
    }

    static let json: HTTPFields = [.contentType: "application/json"]
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    func send(_ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: String = "", headers: HTTPFields = json) async throws -> TestResponse {
        try await client.execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
    }

    // MARK: Item 2: a request that fails has written nothing

    @Test func aRefusedAddWritesNoBook() async throws {
        try await withLibrary { client, store async throws in
            let number = try await send(client, .post, "/library/api/books", #"{"title":"Orphan","author":"A","lastCheckedOutBy":5}"#)
            #expect(number.status == .badRequest)
            let long = try await send(client, .post, "/library/api/books", #"{"title":"Orphan","author":"A","lastCheckedOutBy":"\#(String(repeating: "b", count: 201))"}"#)
            #expect(long.status == .badRequest)
            #expect(String(buffer: long.body).contains("lastCheckedOutBy"))
            #expect(try await store.books().map(\.title) == ["Dune"])
        }
    }

    @Test func aRefusedEditLeavesTheBookAsItWas() async throws {
        try await withLibrary { client, store async throws in
            let before = try #require(try await store.book(id: 1))
            let empty = try await send(client, .put, "/library/api/books/1", #"{"title":"Edited-but-400","lastCheckedOutBy":""}"#)
            #expect(empty.status == .badRequest)
            #expect(try await store.book(id: 1) == before)
            let lent = try await send(client, .put, "/library/api/books/1", "lastCheckedOutBy=Ann", headers: Self.form)
            #expect(lent.status == .ok)
            let onLoan = try #require(try await store.book(id: 1))
            let conflict = try await send(client, .put, "/library/api/books/1", #"{"title":"Edited-but-409","lastCheckedOutBy":"Bob"}"#)
            #expect(conflict.status == .conflict)
            #expect(try await store.book(id: 1) == onLoan)
        }
    }

    // MARK: Item 3: a page form for an unknown book

    @Test func aCheckoutFormForAnUnknownBookIsNotFound() async throws {
        try await withLibrary { client, _ async throws in
            let first = try await client.execute(uri: "/library/sign-in", method: .get)
            let cookie = try #require(first.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let token = try #require(cookie.split(separator: "=").last.map(String.init))
            for action in ["checkout", "checkin"] {
                let response = try await client.execute(uri: "/library/books/999999/\(action)", method: .post,
                                                        headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie],
                                                        body: ByteBuffer(string: "csrf=\(token)&borrower=Ann"))
                #expect(response.status == .notFound, "\(action)")
            }
            // A cookie the server did not sign is not a session, whatever its shape.
            let planted = try await client.execute(uri: "/library/books/1/checkout", method: .post,
                                                   headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=0123456789abcdef0123456789abcdef"],
                                                   body: ByteBuffer(string: "csrf=0123456789abcdef0123456789abcdef&borrower=Mallory"))
            #expect(planted.status == .forbidden)
            #expect(first.headers[.cacheControl] == "no-store")
        }
    }

    // MARK: Item 5: the admin token guards every write

    @Test func withATokenEveryWriteNeedsIt() async throws {
        try await withLibrary(adminToken: "s3cret") { client, store async throws in
            let writes: [(HTTPRequest.Method, String, String)] = [
                (.post, "/library/api/books", #"{"title":"X","author":"Y"}"#), (.put, "/library/api/books/1", #"{"title":"X"}"#),
                (.put, "/library/api/books/1", #"{"lastCheckedOutBy":"Ann"}"#), (.post, "/library/api/books/1/checkin", ""),
                (.post, "/library/api/import/books", "title,author\nX,Y\n"), (.post, "/library/api/import/loans", "bookId,borrower,checkedOut,due\n1,M,2026-01-01 00:00:00,2026-01-02 00:00:00\n"),
                (.delete, "/library/api/books/1", ""), (.delete, "/library/api/clean", ""),
            ]
            for (method, uri, body) in writes {
                let response = try await send(client, method, uri, body)
                #expect(response.status == .unauthorized, "\(method) \(uri)")
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            #expect(try await store.books().map(\.title) == ["Dune"])
            #expect(try await store.loans(.all).isEmpty)
            // The scheme's name is case-insensitive.
            let edited = try await send(client, .put, "/library/api/books/1", #"{"title":"Dune Messiah"}"#,
                                        headers: [.contentType: "application/json", .authorization: "bearer s3cret"])
            #expect(edited.status == .ok)
        }
    }

    /// Guessing the token is slowed to a few tries per address: past ten wrong tokens, on the
    /// API or the sign-in page alike, the answer is 429 with `Retry-After`, the right token too.
    @Test func wrongTokensAreLimitedPerClient() async throws {
        try await withLibrary(adminToken: "s3cret") { client, _ async throws in
            for guess in 0..<10 {
                let wrong = try await send(client, .delete, "/library/api/clean", headers: [.authorization: "Bearer guess-\(guess)"])
                #expect(wrong.status == .unauthorized)
            }
            let limited = try await send(client, .delete, "/library/api/clean", headers: [.authorization: "Bearer s3cret"])
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 500)
            let reads = try await send(client, .get, "/library/api/books/1", headers: [.authorization: "Bearer s3cret"])
            #expect(reads.status == .tooManyRequests, "the records cannot be used to guess either")
            #expect(try await send(client, .get, "/library/api/books/1").status == .ok, "no token is no guess")
        }
    }

    @Test func openLendingLeavesCheckoutsToEveryone() async throws {
        try await withLibrary(adminToken: "s3cret", openLending: true) { client, _ async throws in
            #expect(try await send(client, .put, "/library/api/books/1", "lastCheckedOutBy=Ann", headers: Self.form).status == .ok)
            #expect(try await send(client, .post, "/library/api/books/1/checkin").status == .ok)
            #expect(try await send(client, .put, "/library/api/books/1", #"{"title":"X"}"#).status == .unauthorized)
            #expect(try await send(client, .put, "/library/api/books/1", #"{"title":"X","lastCheckedOutBy":"Ann"}"#).status == .unauthorized)
        }
    }

    // MARK: Item 6: text that is not text

    @Test func controlCharactersAreRefusedByName() async throws {
        try await withLibrary { client, store async throws in
            let response = try await send(client, .put, "/library/api/books/1", #"{"lastCheckedOutBy":"Ann\u001b[2J\u001b[31mRED"}"#)
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("contains U+001B ESCAPE, a control character"))
            let bidi = try await send(client, .post, "/library/api/books", #"{"title":"abc\u202Etxt.exe","author":"A"}"#)
            #expect(bidi.status == .badRequest)
            #expect(try await store.books().count == 1)
        }
    }

    // MARK: Item 7: CSV

    @Test func exportedFormulasAreDefusedAndAByteOrderMarkIsRead() async throws {
        try await withLibrary { client, _ async throws in
            let imported = try await send(client, .post, "/library/api/import/books", "\u{FEFF}title,author\r\n\"=HYPERLINK(\"\"http://evil.example\"\")\",@SUM(1+1)\r\n-40,A\r\n",
                                          headers: [.contentType: "text/csv"])
            #expect(imported.status == .ok)
            #expect(String(buffer: imported.body) == #"{"imported":2,"alreadyThere":[],"problems":[]}"#)
            let export = String(buffer: try await send(client, .get, "/library/api/export/books.csv").body)
            #expect(export.contains(#""'=HYPERLINK(""http://evil.example"")",'@SUM(1+1)"#))
            #expect(export.contains("\r\n3,-40,A,"))
            // The export comes back in as it went out.
            let again = try await send(client, .post, "/library/api/import/books", export, headers: [.contentType: "text/csv"])
            #expect(String(buffer: again.body).contains(#""imported":3"#))
            let titles = String(buffer: try await send(client, .get, "/library/api/books?search=HYPERLINK").body)
            #expect(!titles.contains("'="))
        }
    }

    // MARK: Item 8: the smaller ones

    @Test func theSmallerAnswersAreTheExpectedOnes() async throws {
        try await withLibrary { client, _ async throws in
            #expect(try await send(client, .get, "/library/api/books/999999/loans").status == .notFound)
            // A known address with a method it does not take.
            let wrongMethod = try await send(client, .patch, "/library/api/books/1", #"{"title":"X"}"#)
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers[.allow] == "DELETE, GET, HEAD, PUT")
            #expect(try await send(client, .patch, "/library/api/nowhere").status == .notFound)
            #expect(try await send(client, .head, "/library/api/books").status == .ok)
            // A list of ETags matches when the book's is among them.
            let list = try await client.execute(uri: "/library/api/books/1", method: .put, headers: [.contentType: "application/json", .ifMatch: #""7", "1""#],
                                                body: ByteBuffer(string: #"{"title":"Dune I"}"#))
            #expect(list.status == .ok)
            let stale = try await client.execute(uri: "/library/api/books/1", method: .put, headers: [.contentType: "application/json", .ifMatch: #""1", "3""#],
                                                 body: ByteBuffer(string: #"{"title":"Dune II"}"#))
            #expect(stale.status == .preconditionFailed)
            let malformed = try await client.execute(uri: "/library/api/books/1", method: .put, headers: [.contentType: "application/json", .ifMatch: "1"],
                                                     body: ByteBuffer(string: #"{"title":"Dune II"}"#))
            #expect(malformed.status == .badRequest)

            // The edit form's version must be one the page wrote.
            let first = try await client.execute(uri: "/library/sign-in", method: .get)
            let cookie = try #require(first.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let token = try #require(cookie.split(separator: "=").last.map(String.init))
            let garbage = try await client.execute(uri: "/library/books/1", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie],
                                                   body: ByteBuffer(string: "csrf=\(token)&version=garbage&title=Other&author=Frank+Herbert"))
            #expect(garbage.status == .badRequest)
            #expect(try await send(client, .get, "/library/api/books/1").body.readableBytes > 0)
            #expect(String(buffer: try await send(client, .get, "/library/api/books/1").body).contains(#""title":"Dune I""#))
        }
    }
}
