import Foundation
import Library
import LibrarySQL
import ListorTestSupport
import ListorWeb
import Testing

/// Requests a browser sends for another site (a forged form, a DNS-rebinding page) are refused
/// before they reach a route, over real HTTP; native clients, which send no `Origin`, pass.
@Suite struct RequestGuardTests {
    func withLibraryServer(publicHosts: [String] = [], _ body: @escaping @Sendable (Int, SQLLibraryStore) async throws -> Void) async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert")])
        try await withLiveWebServer(configuration: WebConfiguration(port: 0, publicHosts: publicHosts), modules: [site.module()]) { port in
            try await body(port, site.store)
        }
        withExtendedLifetime(site) {}
    }

    static let form = ("Content-Type", "application/x-www-form-urlencoded")

    @Test func aPostFromAnotherOriginIsRefusedAndTheSamePostWithoutOneIsNot() async throws {
        try await withLibraryServer { port, store in
            let body = "title=X&author=Y&lastCheckedOutBy=Mallory"
            let forged = try await RawHTTPConnection.request(port: port, "POST", "/library/api/books", headers: [Self.form, ("Origin", "http://evil.example")], body: body)
            #expect(forged.status == 403)
            #expect(forged.body.contains("refused because it came from a page of http://evil.example"))
            // A page on another port of this machine is another origin too, though the same site.
            let sibling = try await RawHTTPConnection.request(port: port, "POST", "/library/api/books",
                                                              headers: [Self.form, ("Origin", "http://127.0.0.1:1"), ("Sec-Fetch-Site", "same-site")], body: body)
            #expect(sibling.status == 403)
            let textPlain = try await RawHTTPConnection.request(port: port, "POST", "/library/api/books",
                                                                headers: [("Content-Type", "text/plain"), ("Sec-Fetch-Site", "cross-site")], body: body)
            #expect(textPlain.status == 403)
            #expect(try await store.books().count == 1)

            // The original clients: a form body and no Origin.
            let native = try await RawHTTPConnection.request(port: port, "POST", "/library/api/books", headers: [Self.form], body: body)
            #expect(native.status == 201)
            // This site's own page: its Origin is the server's.
            let own = try await RawHTTPConnection.request(port: port, "POST", "/library/api/books",
                                                          headers: [Self.form, ("Origin", "http://127.0.0.1:\(port)"), ("Sec-Fetch-Site", "same-origin")], body: body)
            #expect(own.status == 201)
            #expect(try await store.books().count == 3)
        }
    }

    @Test func aHostNameTheServerDoesNotAnswerToIsRefused() async throws {
        try await withLibraryServer(publicHosts: ["library.example.org"]) { port, store in
            let rebound = try await RawHTTPConnection.request(port: port, "DELETE", "/library/api/books/1", headers: [("Host", "evil.example:\(port)")])
            #expect(rebound.status == 421)
            #expect(rebound.body.contains("does not answer to the host name \\\"evil.example\\\""))
            #expect(try await store.books().count == 1)
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "Library.Example.org", "[::1]:\(port)"] {
                let allowed = try await RawHTTPConnection.request(port: port, "GET", "/library/api/books", headers: [("Host", host)])
                #expect(allowed.status == 200, "\(host)")
            }
        }
    }

    @Test func aPathWithANulIsRefusedNotServedAsAnotherType() async throws {
        try await withLibraryServer { port, _ in
            let response = try await RawHTTPConnection.request(port: port, "GET", "/static/listor.js%00.html")
            #expect(response.status == 400)
            #expect(response.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(response.body.contains("control character"))
        }
    }

    @Test func aMalformedChunkedBodyIsABadRequestNotTooLarge() async throws {
        try await withLibraryServer { port, store in
            let connection = try RawHTTPConnection(port: port)
            let response = try await connection.exchange(
                "POST /library/api/books HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n")
            #expect(response.status == 400)
            #expect(response.body.contains("the body could not be read"))
            #expect(try await store.books().count == 1)
        }
    }
}
