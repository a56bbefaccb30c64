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

/// A library longer than a page, over real HTTP on loopback: the web list's pages, the API's
/// `page`/`per_page` with `X-Total-Count` and `Link`, and `GET /books` streamed whole.
@Suite struct LibraryPagingTests {
    static let count = 1_234

    /// `count` books in a SQLite file, every seventh by "Ann Seventh", behind the pages and the API.
    func withLibrary(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let site = try await LibrarySite(books: (1...Self.count).map { number in
            BookFields(title: "Volume \(number) <i>", author: number.isMultiple(of: 7) ? "Ann Seventh" : "Bob Other")
        })
        let app = Application(router: try await site.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live, test)
        withExtendedLifetime(site) {}
    }

    func titles(_ html: String) -> [String] {
        html.components(separatedBy: "<span class=\"book-title\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test func theWebListShowsFiftyBooksAPageWithTheCountAndThePagesInTheURL() async throws {
        try await withLibrary { client in
            let first = String(buffer: try await client.execute(uri: "/library", method: .get).body)
            #expect(titles(first).count == 50)
            #expect(titles(first).first == "Volume 1 &lt;i&gt;")
            #expect(first.contains("1\u{2013}50 of 1234 books"))
            #expect(first.contains("Page 1 of 25"))
            #expect(first.contains(#"href="/library?page=2" rel="next""#))

            let found = String(buffer: try await client.execute(uri: "/library?search=seventh&page=2&view=grid", method: .get).body)
            #expect(titles(found).first == "Volume 357 &lt;i&gt;", "the 51st of the multiples of seven")
            #expect(found.contains("51\u{2013}100 of 176 matching, of 1234 books"))
            #expect(found.contains(#"href="/library?search=seventh&amp;view=grid" rel="prev""#), "the links keep the search and the layout")
            #expect(found.contains(#"href="/library?search=seventh&amp;view=grid&amp;page=3" rel="next""#))

            let past = String(buffer: try await client.execute(uri: "/library?page=900", method: .get).body)
            #expect(past.contains("Page 25 of 25"), "past the last page is the last")
            #expect(titles(past).count == 34)

            let bad = try await client.execute(uri: "/library?page=two&per_page=9999", method: .get)
            #expect(bad.status == .ok, "the list is still shown")
            let text = String(buffer: bad.body)
            #expect(text.contains("page: &quot;two&quot; is not a whole number from 1"))
            #expect(text.contains("per_page: &quot;9999&quot; is not a whole number from 1 to 500"))
            #expect(titles(text).count == 50)
        }
    }

    @Test func theAPIPagesWhenAskedAndStreamsEveryBookOtherwise() async throws {
        try await withLibrary { client in
            let page = try await client.execute(uri: "/library/api/books?search=seventh&page=3&per_page=20", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[HTTPField.Name("X-Total-Count")!] == "176")
            let links = page.headers[HTTPField.Name("Link")!] ?? ""
            #expect(links.contains(#"</library/api/books?search=seventh&per_page=20&page=4>; rel="next""#))
            #expect(links.contains(#"</library/api/books?search=seventh&per_page=20&page=2>; rel="prev""#))
            #expect(links.contains(#"</library/api/books?search=seventh&per_page=20&page=9>; rel="last""#))
            guard case .array(let books) = try JSONParser.parse(String(buffer: page.body)) else { Issue.record("not an array"); return }
            #expect(books.map { $0["id"] } == (41...60).map { JSONValue.number(Double($0 * 7)) })

            let all = try await client.execute(uri: "/library/api/books", method: .get)
            #expect(all.status == .ok)
            #expect(all.headers[.contentLength] == nil, "streamed, so its length is not known before it is sent")
            guard case .array(let every) = try JSONParser.parse(String(buffer: all.body)) else { Issue.record("not an array"); return }
            #expect(every.map { $0["id"] } == (1...Self.count).map { JSONValue.number(Double($0)) }, "every book once, in order, across the batches")

            let filtered = try await client.execute(uri: "/library/api/books?search=seventh", method: .get)
            guard case .array(let sevenths) = try JSONParser.parse(String(buffer: filtered.body)) else { Issue.record("not an array"); return }
            #expect(sevenths.count == 176)

            let bad = try await client.execute(uri: "/library/api/books?per_page=0", method: .get)
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("per_page"))
        }
    }
}
