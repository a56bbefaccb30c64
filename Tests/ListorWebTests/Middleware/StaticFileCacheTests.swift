import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ListorWeb

/// Pages link the stylesheet and scripts at versions made from their content, and those
/// addresses may be kept for a year; any other address of them is revalidated every time.
@Suite struct StaticFileCacheTests {
    /// The stylesheet as it is in the source tree, which the server has built in.
    static func stylesheet() throws -> Data {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: sources.appendingPathComponent("Sources/ListorWeb/Resources/Public/listor.css"))
    }

    @Test func pagesLinkStaticFilesAtTheVersionOfTheirContent() async throws {
        let css = try Self.stylesheet()
        let version = ContentTag.digits(of: Array(css))
        try await withRouter { client in
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains(#"<link rel="stylesheet" href="/static/listor.css?v=\#(version)">"#))
            let transistors = try await client.execute(uri: "/transistors", method: .get).text
            #expect(transistors.firstMatch(of: /<script src="\/static\/listor\.js\?v=[0-9a-f]{16}" defer>/) != nil)
            #expect(!transistors.contains(#""/static/listor.js""#))
        }
    }

    @Test func aVersionedAddressIsKeptForAYearAndRevalidatesTo304() async throws {
        let address = try #require(StaticFiles.bundled().address(of: "listor.css"))
        try await withRouter { client in
            let response = try await client.execute(uri: address, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(response.headers[.lastModified] != nil)
            #expect(response.text.contains("--panel"))
            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: address, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test(arguments: ["/static/listor.css", "/static/listor.css?v=0000000000000000", "/static/listor.css?v="])
    func anyOtherAddressIsRevalidatedEveryTime(uri: String) async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.headers[.eTag] != nil)
        }
    }

    /// Byte ranges as RFC 9110 reads them: a suffix range is the file's last bytes, a range that
    /// starts past the end is 416, and what is not one plain range is ignored (the whole file).
    @Test func rangesAreTheBytesTheyName() async throws {
        let css = try Self.stylesheet()
        let size = css.count
        try await withRouter { client in
            let last = try await client.execute(uri: "/static/listor.css", method: .get, headers: [.range: "bytes=-5"])
            #expect(last.status == .partialContent)
            #expect(last.headers[.contentRange] == "bytes \(size - 5)-\(size - 1)/\(size)")
            #expect(Array(last.body.readableBytesView) == Array(css.suffix(5)))
            let first = try await client.execute(uri: "/static/listor.css", method: .get, headers: [.range: "bytes=0-4"])
            #expect(first.status == .partialContent)
            #expect(Array(first.body.readableBytesView) == Array(css.prefix(5)))
            let tail = try await client.execute(uri: "/static/listor.css", method: .get, headers: [.range: "bytes=\(size - 3)-99999999999999999999"])
            #expect(tail.status == .partialContent)
            #expect(Array(tail.body.readableBytesView) == Array(css.suffix(3)))
            for unsatisfiable in ["bytes=999999-", "bytes=\(size)-", "bytes=-0"] {
                let past = try await client.execute(uri: "/static/listor.css", method: .get, headers: [.range: unsatisfiable])
                #expect(past.status == .rangeNotSatisfiable, "\(unsatisfiable)")
                #expect(past.headers[.contentRange] == "bytes */\(size)")
            }
            for ignored in ["bytes=0-1,3-4", "bytes=5-2", "items=0-5", "bytes=a-b"] {
                let whole = try await client.execute(uri: "/static/listor.css", method: .get, headers: [.range: ignored])
                #expect(whole.status == .ok, "\(ignored)")
                #expect(whole.body.readableBytes == size)
            }
        }
    }

    @Test func aMissingStaticFileIsStillA404() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/static/nothing.css?v=0000000000000000", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.cacheControl] == nil)
        }
    }

    @Test func aTemplateLinkingAFileThatIsNotThereStopsStartUp() throws {
        let files = StaticFiles.bundled()
        #expect(try files.linking(#"<script src="/static/listor.js" defer>"#, in: "page").contains("/static/listor.js?v="))
        #expect {
            try files.linking(#"<link href="/static/listor.css"><script src="/static/gone.js">"#, in: "page")
        } throws: { error in
            (error as? TemplateError)?.description == "template page: links /static/gone.js, which is not among the static files"
        }
    }
}
