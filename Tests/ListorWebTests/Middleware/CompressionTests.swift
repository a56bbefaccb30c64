import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorTestSupport
import ListorWeb
import Testing

/// Pages, API answers and static files gzip-compressed for clients that accept it, read back by
/// the system's gzip; small bodies, pictures and clients that do not ask left as they are.
@Suite struct CompressionTests {
    func withSite(_ test: @escaping @Sendable (any TestClientProtocol, TemporaryDirectory) async throws -> Void) async throws {
        let site = try await LibrarySite(seeded: true)
        try await Application(router: try await site.router()).test(.router) { client in try await test(client, site.directory) }
        withExtendedLifetime(site) {}
    }

    /// What gzip (the program) reads back from `body`.
    static func gunzip(_ body: ByteBuffer, in directory: TemporaryDirectory) async throws -> String {
        let file = try directory.write("body-\(UUID().uuidString).gz", Data(body.readableBytesView))
        let result = try await ChildProcess("/bin/sh", ["-c", "gzip -dc '\(file)'"]).exit()
        #expect(result.status == 0, "gzip: \(result.output)")
        return result.output
    }

    @Test(arguments: ["/library", "/library/api/books", "/static/listor.css", "/static/modbus.js"])
    func textIsCompressedForClientsThatAcceptIt(path: String) async throws {
        try await withSite { client, directory in
            let plain = try await client.execute(uri: path, method: .get)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary] == "Accept-Encoding")
            let compressed = try await client.execute(uri: path, method: .get, headers: [.acceptEncoding: "br;q=1.0, gzip;q=0.8, *;q=0.1"])
            #expect(compressed.headers[.contentEncoding] == "gzip")
            if path == "/library/api/books" {
                // Every book, streamed in batches: compressed as it goes, so no length is known first.
                #expect(compressed.headers[.contentLength] == nil)
            } else {
                #expect(compressed.headers[.contentLength] == "\(compressed.body.readableBytes)")
            }
            #expect(compressed.body.readableBytes < plain.body.readableBytes)
            let text = try await Self.gunzip(compressed.body, in: directory)
            // Pages carry a fresh CSRF token each time; compare what does not change.
            if path == "/library" {
                #expect(text.contains(#"<p class="summary" id="summary">10 books</p>"#))
            } else {
                #expect(text == String(buffer: plain.body))
            }
            if let etag = plain.headers[.eTag] { #expect(compressed.headers[.eTag] == (etag.hasPrefix("W/") ? etag : "W/" + etag)) }
        }
    }

    @Test func aLongStreamedListIsCompressedWholeAcrossItsBatches() async throws {
        let site = try await LibrarySite(books: (1...1_300).map { BookFields(title: "Volume \($0)", author: "Ann Author") })
        let app = Application(router: try await site.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let plain = try await client.execute(uri: "/library/api/books", method: .get)
            let compressed = try await client.execute(uri: "/library/api/books", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(compressed.headers[.contentEncoding] == "gzip")
            #expect(compressed.body.readableBytes * 5 < plain.body.readableBytes, "\(compressed.body.readableBytes) of \(plain.body.readableBytes) bytes")
            #expect(try await Self.gunzip(compressed.body, in: site.directory) == String(buffer: plain.body))
        }
        withExtendedLifetime(site) {}
    }

    @Test func smallBodiesPicturesAndRefusalsOfGzipAreLeftAlone() async throws {
        try await withSite { client, _ in
            #expect(try await client.execute(uri: "/health", method: .get, headers: [.acceptEncoding: "gzip"]).headers[.contentEncoding] == nil, "3 bytes")
            #expect(try await client.execute(uri: "/library", method: .get, headers: [.acceptEncoding: "gzip;q=0, identity"]).headers[.contentEncoding] == nil)
            #expect(try await client.execute(uri: "/library", method: .get, headers: [.acceptEncoding: "br"]).headers[.contentEncoding] == nil)
            let placeholder = try await client.execute(uri: "/library/covers/1", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(placeholder.headers[.contentEncoding] == nil, "a placeholder of \(placeholder.body.readableBytes) bytes is below the threshold")
            let css = try await client.execute(uri: "/static/listor.css", method: .get, headers: [.acceptEncoding: "gzip"])
            let etag = try #require(css.headers[.eTag])
            #expect(etag.hasPrefix("W/"))
            #expect(try await client.execute(uri: "/static/listor.css", method: .get, headers: [.ifNoneMatch: etag, .acceptEncoding: "gzip"]).status == .notModified,
                    "the compressed copy's tag still matches")
            #expect(try await client.execute(uri: "/library/api/books/1", method: .get, headers: [.ifNoneMatch: #"W/"1""#]).status == .notModified,
                    "a route's strong tag, sent back weak")
            #expect(try await client.execute(uri: "/library/api/books/1", method: .get, headers: [.ifNoneMatch: #""7""#]).status == .ok)
        }
    }
}
