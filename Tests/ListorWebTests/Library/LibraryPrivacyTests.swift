import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorKit
import ListorTestSupport
import ListorWeb
import Testing

/// A library keeps its readers' records private (the ALA's and IFLA's codes): with an admin
/// token, who borrowed or reserved what is the librarian's; a visitor learns whether a book is
/// in, out (until when) or awaited, never by whom, on every route that shows a book.
@Suite struct LibraryPrivacyTests {
    static let token: HTTPFields = [.contentType: "application/json", .authorization: "Bearer s3cret"]
    static let anonymous: HTTPFields = [.contentType: "application/json"]

    /// Dune lent to Ann, due in a fortnight, and Ben waiting for it; Emma lent to and back from Ann.
    func withLibrary(openLending: Bool = false, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert"), BookFields(title: "Emma", author: "Jane Austen")])
        try await Application(router: try await site.router(adminToken: "s3cret", openLending: openLending)).test(.router) { client in
            func send(_ method: HTTPRequest.Method, _ uri: String, _ body: String) async throws {
                let response = try await client.execute(uri: uri, method: method, headers: Self.token, body: ByteBuffer(string: body))
                #expect(response.status.code < 300, "\(method) \(uri): \(String(buffer: response.body))")
            }
            try await send(.post, "/library/api/patrons", #"{"name": "Ann Secretreader", "card": "C-1"}"#)
            try await send(.post, "/library/api/patrons", #"{"name": "Ben Waitingman", "card": "C-2"}"#)
            try await send(.put, "/library/api/books/2", #"{"card": "C-1"}"#)
            try await send(.post, "/library/api/books/2/checkin", "")
            try await send(.put, "/library/api/books/1", #"{"card": "C-1"}"#)
            try await send(.post, "/library/api/books/1/holds", #"{"card": "C-2"}"#)
            try await test(client)
        }
        withExtendedLifetime(site) {}
    }

    static let names = ["Ann", "Secretreader", "Ben", "Waitingman"]

    @Test func aVisitorSeesWhetherABookIsOutNeverByWhom() async throws {
        try await withLibrary { client in
            func get(_ uri: String, _ headers: HTTPFields = Self.anonymous) async throws -> (HTTPResponse.Status, String) {
                let response = try await client.execute(uri: uri, method: .get, headers: headers)
                return (response.status, String(buffer: response.body))
            }
            // What shows a book shows no name to a visitor, and still says it is out and when it is due.
            for uri in ["/library/api/books", "/library/api/books?page=1", "/library/api/books/1", "/library/api/books/2", "/library/api/books/1/holds",
                        "/library", "/library/books/1", "/library/books/2", "/library?view=grid"] {
                let (status, body) = try await get(uri)
                #expect(status == .ok, "\(uri)")
                for name in Self.names { #expect(!body.contains(name), "\(uri) names \(name)") }
            }
            let (_, book) = try await get("/library/api/books/1")
            #expect(book.contains(#""lastCheckedOutBy":null"#) && book.contains(#""due":""#))
            let (_, page) = try await get("/library/books/1")
            #expect(page.contains("On loan") && page.contains("1 patron is waiting for it"))
            // The records themselves are the librarian's.
            for uri in ["/library/api/books/1/loans", "/library/api/borrowers/Ann%20Secretreader/loans", "/library/api/loans", "/library/api/loans/overdue",
                        "/library/api/export/loans.csv", "/library/api/patrons/1/loans", "/library/api/patrons/2/holds"] {
                #expect(try await get(uri).0 == .unauthorized, "\(uri)")
            }
            #expect(try await get("/library/borrowers/Ann%20Secretreader").0 == .seeOther, "to the sign-in")
            for uri in ["/library/transfer", "/library/export/patrons.csv", "/library/export/loans.csv"] {
                #expect(try await get(uri).0 == .seeOther, "\(uri): to the sign-in")
            }
            // A search finds books by their own words, never by who has them, for anyone.
            let (_, search) = try await get("/library/api/books?search=secretreader", Self.token)
            #expect(search == "[]")
            // The librarian sees it all.
            let (_, staff) = try await get("/library/api/books/1", Self.token)
            #expect(staff.contains(#""lastCheckedOutBy":"Ann Secretreader""#))
            let (_, queue) = try await get("/library/api/books/1/holds", Self.token)
            #expect(queue.contains("Ben Waitingman"))
            #expect(try await get("/library/api/loans", Self.token).1.contains("Ann Secretreader"))
        }
    }

    /// Dune back and set aside for Ben: on the hold shelf on every page and in the API, with the
    /// status filter's own choice; for whom is the librarian's.
    @Test func aBookSetAsideIsOnTheHoldShelfForWhomTheStaffAloneSee() async throws {
        try await withLibrary { client in
            func get(_ uri: String, _ headers: HTTPFields = Self.anonymous) async throws -> String {
                let response = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(response.status == .ok, "\(uri)")
                return String(buffer: response.body)
            }
            let back = try await client.execute(uri: "/library/api/books/1/checkin", method: .post, headers: Self.token)
            #expect(back.status == .ok)
            for uri in ["/library", "/library/books/1", "/library?status=on-hold-shelf"] {
                let page = try await get(uri)
                #expect(page.contains("On the hold shelf until "), "\(uri)")
                for name in Self.names { #expect(!page.contains(name), "\(uri) names \(name)") }
            }
            let available = try await get("/library?status=available")
            #expect(available.contains("Emma") && !available.contains("Dune"))
            #expect(try await get("/library?status=on-hold-shelf").contains("1 of 2 books"))
            let visitor = try JSONParser.parse(try await get("/library/api/books/1"))
            #expect(visitor["holdShelf"]?["state"] == .string("ready") && visitor["holdShelf"]?["patron"] == nil)
            let staff = try JSONParser.parse(try await get("/library/api/books/1", Self.token))
            #expect(staff["holdShelf"]?["patron"] == .string("Ben Waitingman"))
            #expect(try await get("/library/api/books?status=on-hold-shelf", Self.token).contains("Dune"))
            let availableJSON = try await get("/library/api/books?status=available", Self.token)
            #expect(!availableJSON.contains("Dune"))
            let refused = try await client.execute(uri: "/library/api/books/1", method: .put, headers: Self.token, body: ByteBuffer(string: #"{"card": "C-1"}"#))
            #expect(refused.status == .conflict && String(buffer: refused.body).contains("is on the hold shelf for Ben Waitingman until "))
        }
    }

    /// With open lending a visitor lends and holds books, and is told that another patron has a
    /// book or waits for it, never who; nobody cancels another patron's hold.
    @Test func openLendingNamesNobody() async throws {
        try await withLibrary(openLending: true) { client in
            func send(_ method: HTTPRequest.Method, _ uri: String, _ body: String = "") async throws -> (HTTPResponse.Status, String) {
                let response = try await client.execute(uri: uri, method: method, headers: Self.anonymous, body: ByteBuffer(string: body))
                return (response.status, String(buffer: response.body))
            }
            let (status, refusal) = try await send(.put, "/library/api/books/1", #"{"card": "C-2"}"#)
            #expect(status == .conflict && refusal.contains("another patron") && !Self.names.contains { refusal.contains($0) }, "\(refusal)")
            let (placed, hold) = try await send(.post, "/library/api/books/2/holds", #"{"card": "C-2"}"#)
            #expect(placed == .created && !Self.names.contains { hold.contains($0) } && !hold.contains("patronId"), "\(hold)")
            let id = try #require(hold.firstMatch(of: /"id":(\d+)/).map { String($0.1) })
            #expect(try await send(.delete, "/library/api/books/2/holds/\(id)").0 == .badRequest, "no card")
            #expect(try await send(.delete, "/library/api/books/2/holds/\(id)?card=C-1").0 == .badRequest, "another's card")
            #expect(try await send(.delete, "/library/api/books/2/holds/\(id)?card=C-2").0 == .noContent, "the patron's own")
        }
    }
}
