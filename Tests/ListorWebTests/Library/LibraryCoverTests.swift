import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorImaging
import ListorKit
import ListorTestSupport
import ListorWeb
import Tagged
import Testing

/// Covers on the web: uploaded through the add and edit form (multipart) and the API, checked
/// by decoding them; served at `/library/covers/{id}` in each size; their colours in the book's
/// page and its JSON; the list as a grid or a list.
@Suite struct LibraryCoverTests {
    let jpeg: [UInt8]
    let png: [UInt8]

    init() throws {
        jpeg = try TestImages.jpeg(TestImages.cover(background: RGBColor(red: 24, green: 40, blue: 112), band: RGBColor(red: 248, green: 200, blue: 40)))
        png = try TestImages.png(TestImages.cover(background: RGBColor(red: 30, green: 120, blue: 60), band: .white))
    }

    /// A library with Dune (no cover service: books without an upload get the placeholder).
    func withSite(_ test: @escaping @Sendable (any TestClientProtocol, LocalLibrary) async throws -> Void) async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert", isbn: "9780441172719")])
        try await Application(router: try await site.router()).test(.router) { client in try await test(client, site.library) }
        withExtendedLifetime(site) {}
    }

    /// A multipart form as a browser sends it: text fields, then the file (perhaps none chosen).
    static func multipart(_ fields: [(String, String)], file: (name: String, bytes: [UInt8])?) -> (String, ByteBuffer) {
        let boundary = "----ListorTestBoundary7MA4YWxkTrZu0gW"
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        let (filename, bytes) = file ?? ("", [])
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"cover\"; filename=\"\(filename)\"\r\nContent-Type: image/jpeg\r\n\r\n")
        body.writeBytes(bytes)
        body.writeString("\r\n--\(boundary)--\r\n")
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    func token(_ client: any TestClientProtocol) async throws -> String {
        let cookie = try #require(try await client.execute(uri: "/library/sign-in", method: .get).headers[.setCookie])
        return String(try #require(cookie.split(separator: ";").first?.split(separator: "=").last))
    }

    func send(_ client: any TestClientProtocol, _ uri: String, token: String, _ fields: [(String, String)], file: (String, [UInt8])?) async throws -> TestResponse {
        let (type, body) = Self.multipart([("csrf", token)] + fields, file: file)
        return try await client.execute(uri: uri, method: .post, headers: [.contentType: type, .cookie: "listor_csrf=\(token)"], body: body)
    }

    @Test func theFormTakesAJPEGOrAPNGAndRefusesWhatIsNotOne() async throws {
        try await withSite { client, library in
            let token = try await token(client)
            let form = String(buffer: try await client.execute(uri: "/library/books/new", method: .get, headers: [.cookie: "listor_csrf=\(token)"]).body)
            #expect(form.contains(#"enctype="multipart/form-data""#) && form.contains(#"<input type="file" id="cover" name="cover" accept="image/jpeg,image/png""#))

            let added = try await send(client, "/library/books", token: token, [("title", "Emma"), ("author", "Jane Austen")], file: ("emma.jpg", jpeg))
            #expect(added.status == .seeOther)
            let emma = try await library.book(id: 2)
            #expect(emma.hasCover && emma.coverColors != nil)
            #expect(try await library.cover(of: 2)?.bytes == jpeg)

            let noFile = try await send(client, "/library/books", token: token, [("title", "Persuasion"), ("author", "Jane Austen")], file: nil)
            #expect(noFile.status == .seeOther)
            #expect(try await library.book(id: 3).hasCover == false, "a file input left empty uploads nothing")

            let edited = try await send(client, "/library/books/3", token: token, [("version", "1"), ("title", "Persuasion"), ("author", "Jane Austen")],
                                        file: ("persuasion.png", png))
            #expect(edited.status == .seeOther)
            #expect(try await library.cover(of: 3)?.mediaType == "image/png")

            let renamed = try await send(client, "/library/books", token: token, [("title", "Sanditon"), ("author", "Jane Austen")],
                                         file: ("books.jpg", Array("title,author\nDune,Herbert\n".utf8)))
            #expect(renamed.status == .badRequest)
            let page = String(buffer: renamed.body)
            #expect(page.contains(#"<p class="field-error" id="cover-error">is not a JPEG or PNG picture (its content is neither, whatever the file is called)</p>"#))
            #expect(page.contains(#"value="Sanditon""#), "what was typed stays")

            let truncated = try await send(client, "/library/books/2", token: token, [("version", "2"), ("title", "Emma (abridged)"), ("author", "Jane Austen")],
                                           file: ("emma.jpg", Array(jpeg.prefix(jpeg.count / 2))))
            #expect(truncated.status == .badRequest)
            #expect(String(buffer: truncated.body).contains("is a damaged or truncated JPEG: "))
            #expect(try await library.books(BookQuery()).items.count == 3, "nothing was added")
            #expect(try await library.book(id: 2).title == "Emma", "nor edited: the fields and the cover are one write")

            let removed = try await send(client, "/library/books/3", token: token, [("version", "2"), ("title", "Persuasion"), ("author", "Jane Austen"), ("remove_cover", "on")],
                                         file: nil)
            #expect(removed.status == .seeOther)
            #expect(try await library.book(id: 3).hasCover == false)

            let cut = Self.multipart([("csrf", token), ("title", "X"), ("author", "Y")], file: ("x.jpg", jpeg))
            let cutShort = try await client.execute(uri: "/library/books", method: .post, headers: [.contentType: cut.0, .cookie: "listor_csrf=\(token)"],
                                                    body: cut.1.getSlice(at: 0, length: cut.1.readableBytes - 30) ?? ByteBuffer())
            #expect(cutShort.status == .badRequest)
            #expect(String(buffer: cutShort.body).contains("it ends before its last part does"))
            let forged = Self.multipart([("csrf", "forged"), ("title", "X"), ("author", "Y")], file: nil)
            #expect(try await client.execute(uri: "/library/books", method: .post, headers: [.contentType: forged.0, .cookie: "listor_csrf=\(token)"], body: forged.1).status
                == .forbidden)
        }
    }

    @Test func theAPIPutsGetsAndDeletesACover() async throws {
        try await withSite { client, _ in
            let put = try await client.execute(uri: "/library/api/books/1/cover", method: .put, headers: [.contentType: "image/jpeg", .ifMatch: #""1""#],
                                               body: ByteBuffer(bytes: jpeg))
            #expect(put.status == .ok)
            #expect(put.headers[.eTag] == #""2""#)
            let json = try JSONParser.parse(Array(put.body.readableBytesView))
            #expect(json["cover"]?.stringValue == "/library/covers/1?v=2")
            #expect(json["colors"]?["background"]?.stringValue?.hasPrefix("#") == true)
            #expect(json["colors"]?["primary"]?.stringValue != nil)

            let got = try await client.execute(uri: "/library/api/books/1/cover", method: .get)
            #expect(got.status == .ok && got.headers[.contentType] == "image/jpeg")
            #expect(Array(got.body.readableBytesView) == jpeg)

            let stale = try await client.execute(uri: "/library/api/books/1/cover", method: .put, headers: [.ifMatch: #""1""#], body: ByteBuffer(bytes: png))
            #expect(stale.status == .preconditionFailed)
            let text = try await client.execute(uri: "/library/api/books/1/cover", method: .put, body: ByteBuffer(string: "GIF89a, or so it says"))
            #expect(text.status == .badRequest)
            #expect(String(buffer: text.body).contains(#""cover":"is not a JPEG or PNG picture"#))
            let bomb = try await client.execute(uri: "/library/api/books/1/cover", method: .put, body: ByteBuffer(bytes: try TestImages.bombPNG()))
            #expect(String(buffer: bomb.body).contains("50000 × 50000 pixels is more than the 40000000 allowed"))
            let tooBig = try await client.execute(uri: "/library/api/books/1/cover", method: .put, body: ByteBuffer(bytes: jpeg + [UInt8](repeating: 0, count: 5 << 20)))
            #expect(tooBig.status == .badRequest)
            #expect(String(buffer: tooBig.body).contains("the limit is 5 MiB"))
            let huge = try await client.execute(uri: "/library/api/books/1/cover", method: .put, headers: [.contentLength: "\(8 << 20)"],
                                                body: ByteBuffer(repeating: 0, count: 8 << 20))
            #expect(huge.status == .contentTooLarge)
            // MultipartKit's parser stops the process on a header name with a byte of 128 or more
            // (found by the multipart fuzz target); such a form is refused before it gets there.
            var hostile = ByteBuffer(string: "--XyZ\r\nContent-Disposition: form-data; name=\"cover\"; filename=\"c.jpg\"\r\nConten")
            hostile.writeBytes([0xB4])
            hostile.writeString("t-Type: image/jpeg\r\n\r\n\u{FF}\r\n--XyZ--\r\n")
            let broken = try await client.execute(uri: "/library/api/books/1/cover", method: .put, headers: [.contentType: "multipart/form-data; boundary=XyZ"], body: hostile)
            #expect(broken.status == .badRequest)
            #expect(String(buffer: broken.body).contains("a part's header has a name that is not ASCII"))
            // Boundaries and no empty line: each line is looked at once, not once per boundary.
            let boundaries = ByteBuffer(string: String(repeating: "--XyZ\r\n", count: 30_000) + "--XyZ--\r\n")
            let endless = try await client.execute(uri: "/library/api/books/1/cover", method: .put, headers: [.contentType: "multipart/form-data; boundary=XyZ"], body: boundaries)
            #expect(endless.status == .badRequest)
            #expect(try await client.execute(uri: "/library/api/books/1", method: .get).headers[.eTag] == #""2""#, "every refusal left the cover as it was")

            let deleted = try await client.execute(uri: "/library/api/books/1/cover", method: .delete)
            #expect(deleted.status == .ok)
            #expect(try await client.execute(uri: "/library/api/books/1/cover", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/library/api/books/9/cover", method: .put, body: ByteBuffer(bytes: jpeg)).status == .notFound)
        }
    }

    @Test func coversAreServedInEachSizeWithTheirColoursAndETags() async throws {
        try await withSite { client, library in
            let placeholder = try await client.execute(uri: "/library/covers/1", method: .get)
            #expect(placeholder.status == .ok && placeholder.headers[.contentType] == "image/svg+xml")
            #expect(String(buffer: placeholder.body).contains(#"aria-label="Dune by Frank Herbert""#))

            _ = try await library.edit(id: 1, BookChanges(), checkedOutBy: nil, cover: .upload(jpeg), ifVersion: nil)
            // The cover is 120 × 180: smaller than the grid's size, it is served as it is.
            for (path, size) in [("/library/covers/1?v=2", (120, 180)), ("/library/covers/1/small?v=2", (40, 60)), ("/library/covers/1/small@2x?v=2", (80, 120))] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.cacheControl] == "public, max-age=86400")
                let image = try ImageCodec.decode(Array(response.body.readableBytesView))
                #expect(image.width <= size.0 && image.height <= size.1 && (image.width == size.0 || image.height == size.1), "\(path): \(image.width) × \(image.height)")
            }
            let first = try await client.execute(uri: "/library/covers/1/medium@2x?v=2", method: .get)
            let etag = try #require(first.headers[.eTag])
            #expect(try await client.execute(uri: "/library/covers/1/medium@2x?v=2", method: .get, headers: [.ifNoneMatch: etag]).status == .notModified)
            #expect(try await client.execute(uri: "/library/covers/1?v=1", method: .get).headers[.cacheControl] == "no-cache", "an old address is revalidated")
            #expect(try await client.execute(uri: "/library/covers/1/huge", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/library/covers/77", method: .get).status == .notFound)

            let css = String(buffer: try await client.execute(uri: "/library/books/1/colors.css?v=2", method: .get).body)
            let colors = try #require(try await library.book(id: 1).coverColors)
            #expect(css.contains("--cover-background:\(colors.background.hex);--cover-primary:\(colors.primary.hex)"))
            let page = String(buffer: try await client.execute(uri: "/library/books/1", method: .get).body)
            #expect(page.contains(#"<link rel="stylesheet" href="/library/books/1/colors.css?v=2">"#))
            #expect(page.contains(#"src="/library/covers/1?v=2" srcset="/library/covers/1?v=2 1x, /library/covers/1/medium@2x?v=2 2x""#))
        }
    }

    @Test func theListIsAGridOrAListKeptInTheAddress() async throws {
        try await withSite { client, _ in
            let list = String(buffer: try await client.execute(uri: "/library?search=dune", method: .get).body)
            #expect(list.contains(#"<ul class="books books-list" id="books">"#))
            #expect(list.contains(#"src="/library/covers/1/small?v=1" srcset="/library/covers/1/small?v=1 1x, /library/covers/1/small@2x?v=1 2x""#))
            #expect(list.contains(#"<a href="/library?search=dune&amp;view=grid" id="layout-Covers">Covers</a>"#))
            let grid = String(buffer: try await client.execute(uri: "/library?search=dune&view=grid", method: .get).body)
            #expect(grid.contains(#"<ul class="books books-grid" id="books">"#))
            #expect(grid.contains(#"src="/library/covers/1?v=1""#))
            #expect(grid.contains(#"<input type="hidden" name="view" value="grid">"#), "searching again keeps the grid")
            #expect(grid.contains(#"<a href="/library?search=dune" id="layout-List">List</a>"#))
        }
    }
}
