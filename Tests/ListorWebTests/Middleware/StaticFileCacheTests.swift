import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ListorWeb

/// Pages link the stylesheet and scripts at versions made from their content, and those
/// addresses may be kept for a year; any other address of them is revalidated every time.
@Suite struct StaticFileCacheTests {
    @Test func pagesLinkStaticFilesAtTheVersionOfTheirContent() async throws {
        let files = try StaticFiles.bundled()
        let css = try #require(FileManager.default.contents(atPath: files.folder + "/listor.css"))
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
        let address = try #require(try StaticFiles.bundled().address(of: "listor.css"))
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

    @Test func aMissingStaticFileIsStillA404() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: "/static/nothing.css?v=0000000000000000", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.cacheControl] == nil)
        }
    }

    @Test func aTemplateLinkingAFileThatIsNotThereStopsStartUp() throws {
        let files = try StaticFiles.bundled()
        #expect(try files.linking(#"<script src="/static/listor.js" defer>"#, in: "page").contains("/static/listor.js?v="))
        #expect {
            try files.linking(#"<link href="/static/listor.css"><script src="/static/gone.js">"#, in: "page")
        } throws: { error in
            (error as? TemplateError)?.description == "template page: links /static/gone.js, which is not among the static files"
        }
    }
}
