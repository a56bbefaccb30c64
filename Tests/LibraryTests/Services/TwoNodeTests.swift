import Foundation
import Library
import LibrarySQL
import ListorSQL
import ListorHTTPClient
import ListorImaging
import ListorKit
import ListorTestSupport
import ListorWeb
import PostgresNIO
import Testing

/// Two web nodes on one PostgreSQL database, each with its own connections, behave as one
/// library: one winner among concurrent checkouts through both, an edit on one seen on the
/// other with its ETag, a form from one page accepted by the other (both have the key of one
/// `--form-key-file`), and a cover uploaded through one served by the other.
@Suite struct TwoNodeTests {
    struct Node {
        let base: URL
        let transport: HTTPTransport

        func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8]? = nil) async throws -> HTTPTransport.Response {
            try await transport.send(HTTPRequestMessage(method: method, url: URL(string: base.absoluteString + path) ?? base, headers: headers, body: body.map { Data($0) }),
                                     HTTPLimits(timeout: .seconds(30), maximumBodySize: 8 << 20))
        }

        func json(_ method: String, _ path: String, _ body: String, headers: [String: String] = [:]) async throws -> HTTPTransport.Response {
            try await send(method, path, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: Array(body.utf8))
        }
    }

    /// A node: its own client of the database, its own store and covers, the shared form key.
    static func withNode(_ configuration: PostgresClient.Configuration, formKey: FormKey, transport: HTTPTransport,
                         _ body: @escaping @Sendable (Node) async throws -> Void) async throws {
        try await PostgresTestServer.withClient(configuration) { client in
            let store = SQLLibraryStore(database: PostgreSQLDatabase(client: client))
            try await store.migrate(seeded: false)
            let library = LocalLibrary(store: store)
            let router = try await buildRouter(configuration: WebConfiguration(), modules: [LibraryWebModule(library: library, covers: BookCovers(library: library), formKey: formKey)])
            try await withLoopbackServer(router) { base in try await body(Node(base: base, transport: transport)) }
        }
    }

    @Test func twoNodesOnOneDatabaseAreOneLibrary() async throws {
        guard let url = PostgresTestServer.url() else { return }
        let formKey = FormKey.random()
        try await PostgresTestServer.withEmptyDatabase(url) { configuration in
            try await withLiveHTTPTransport { transport in
                try await Self.withNode(configuration, formKey: formKey, transport: transport) { a in
                    try await Self.withNode(configuration, formKey: formKey, transport: transport) { b in
                        try await Self.oneLibrary(a, b)
                    }
                }
            }
        }
    }

    static func oneLibrary(_ a: Node, _ b: Node) async throws {
        let added = try await a.json("POST", "/library/api/books", #"{"title": "Dune", "author": "Frank Herbert"}"#)
        #expect(added.status == 201)
        #expect(try await b.send("GET", "/library/api/books/1").status == 200, "added on one, there on the other")

        // Twelve readers at once, half through each node: one gets the book.
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for reader in 0..<12 {
                let node = reader % 2 == 0 ? a : b
                group.addTask { try await node.json("PUT", "/library/api/books/1", #"{"lastCheckedOutBy": "Reader \#(reader)"}"#).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
        #expect(statuses.filter { $0 == 409 }.count == 11, "\(statuses)")
        let onA = try await a.send("GET", "/library/api/books/1")
        let onB = try await b.send("GET", "/library/api/books/1")
        #expect(onA.body == onB.body)
        #expect(try await a.send("POST", "/library/api/books/1/checkin").status == 200)

        // An edit through one node, with the ETag the other gave; the other's list page, kept
        // as it was, is made again.
        let listed = String(decoding: try await b.send("GET", "/library?search=dune").body, as: UTF8.self)
        #expect(listed.contains(">Dune<") && !listed.contains("Dune Messiah"))
        let etag = try #require(try await b.send("GET", "/library/api/books/1").values(of: "etag").first)
        let edited = try await a.json("PUT", "/library/api/books/1", #"{"title": "Dune Messiah"}"#, headers: ["If-Match": etag])
        #expect(edited.status == 200)
        #expect(String(decoding: try await b.send("GET", "/library?search=dune").body, as: UTF8.self).contains("Dune Messiah"), "written on the other node")
        let seen = try await b.send("GET", "/library/api/books/1")
        #expect(seen.values(of: "etag") == edited.values(of: "etag"))
        #expect(String(decoding: seen.body, as: UTF8.self).contains(#""title":"Dune Messiah""#))
        #expect(try await b.json("PUT", "/library/api/books/1", #"{"title": "Children of Dune"}"#, headers: ["If-Match": etag]).status == 412,
                "the old ETag is stale on both")

        // A page from one node, its form sent to the other.
        let page = try await a.send("GET", "/library/books/1")
        let cookie = try #require(page.values(of: "set-cookie").first { $0.hasPrefix("listor_csrf=") })
        let token = String(try #require(cookie.split(separator: ";").first?.dropFirst("listor_csrf=".count)))
        let checkout = try await b.send("POST", "/library/books/1/checkout", headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "listor_csrf=\(token)"],
                                        body: Array("csrf=\(token)&borrower=Ann&newPatron=on".utf8))
        // The transport follows the redirect to the book's page.
        #expect(checkout.status == 200, "the other node's token is taken")
        #expect(String(decoding: checkout.body, as: UTF8.self).contains("Checked out by Ann on "))
        let forged = String(token.reversed())
        #expect(try await b.send("POST", "/library/books/1/checkin", headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "listor_csrf=\(forged)"],
                                 body: Array("csrf=\(forged)".utf8)).status == 403, "a token this site did not sign is not")

        // A cover uploaded through one, served by the other.
        let cover = try TestImages.jpeg(TestImages.cover(background: RGBColor(red: 24, green: 40, blue: 112), band: .white))
        let put = try await a.send("PUT", "/library/api/books/1/cover", headers: ["Content-Type": "image/jpeg"], body: cover)
        #expect(put.status == 200)
        let version = try #require(put.values(of: "etag").first?.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        let served = try await b.send("GET", "/library/covers/1/small?v=\(version)")
        #expect(served.status == 200)
        #expect(served.values(of: "content-type") == ["image/jpeg"])
        let small = try ImageCodec.decode(Array(served.body))
        #expect((small.width, small.height) == (40, 60))
        #expect(try await b.send("GET", "/library/api/books/1/cover").body == Data(cover))
    }
}
