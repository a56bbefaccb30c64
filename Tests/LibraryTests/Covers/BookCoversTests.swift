import Foundation
import Hummingbird
import Library
import LibrarySQL
import ListorHTTPClient
import ListorImaging
import ListorKit
import ListorTestSupport
import ListorWeb
import Tagged
import Testing

/// Where each book's cover comes from (an upload, the cover service, the placeholder), and a
/// cover service on loopback that finds covers, has none, is slow, sends 50 MB, sends text, or
/// sends a decompression bomb, with the service counting what it is asked.
@Suite struct BookCoversTests {
    static let navy = RGBColor(red: 24, green: 40, blue: 112)
    static let yellow = RGBColor(red: 248, green: 200, blue: 40)
    static let found = "9780441172719", missing = "9780141439518", slow = "9780262510875", huge = "9780201616224"
    static let text = "9780201835953", bomb = "9780201633610", dripping = "9780262033848"

    /// The service's covers: Dune's is navy with a yellow band.
    static func service(holding slow: OriginControl) throws -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: slow)
        let dune = try TestImages.jpeg(TestImages.cover(background: navy, band: yellow))
        let bomb = try TestImages.bombPNG()
        // Made once: a JPEG's first bytes, then 50 MB.
        var buffer = ByteBuffer(bytes: [0xFF, 0xD8, 0xFF])
        buffer.writeRepeatingByte(0, count: 50 << 20)
        let huge = buffer
        router.get("/b/isbn/:file") { _, context -> Response in
            let file = try context.parameters.require("file")
            if file == "\(Self.dripping).jpg" {
                // A JPEG's head at once, then a byte every 100 ms of the 100,000 promised, until the reader hangs up.
                return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: ResponseBody(contentLength: 100_000) { writer in
                    try await writer.write(ByteBuffer(bytes: dune.prefix(3)))
                    while true {
                        try await Task.sleep(for: .milliseconds(100))
                        try await writer.write(ByteBuffer(bytes: [0]))
                    }
                })
            }
            let body: ByteBuffer = switch file {
            case "\(Self.found).jpg", "\(Self.slow).jpg": ByteBuffer(bytes: dune)
            case "\(Self.huge).jpg": huge
            case "\(Self.text).jpg": ByteBuffer(string: "<html>Sorry, no cover</html>")
            case "\(Self.bomb).jpg": ByteBuffer(bytes: bomb)
            default: throw HTTPError(.notFound)
            }
            return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: body))
        }
        return router
    }

    /// A library of one book per ISBN, and its covers from the service on loopback; the service's
    /// requests for the slow cover are held until the test ends, past the timeout of a test that waits it out.
    /// `timeout` bounds each fetch: short only where a test waits it out, so that a loaded machine
    /// does not time out the others.
    func withCovers(work: any HeavyWork = InlineWork(), timeout: Duration = .seconds(60), _ body: @escaping @Sendable (LocalLibrary, BookCovers, OriginControl) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        let library = LocalLibrary(store: store, work: work)
        for isbn in [Self.found, Self.missing, Self.slow, Self.huge, Self.text, Self.bomb, Self.dripping] {
            _ = try await library.add(BookForm(title: "Book \(isbn)", author: "Someone", isbn: isbn))
        }
        _ = try await library.add(BookForm(title: "No ISBN", author: "Someone"))
        let control = OriginControl(.pass) { _ in true }
        let slow = OriginControl(.hold) { $0.hasSuffix(Self.slow + ".jpg") }
        try await withLoopbackServer(control.guarding(try Self.service(holding: slow))) { origin in
            try await withLiveHTTPTransport { transport in
                let service = try #require(try CoverService.parse(origin.absoluteString + "/b/isbn/{isbn}.jpg"))
                let originals = ImagePipeline(fetch: CoverService.fetch(transport, limits: HTTPLimits(timeout: timeout, maximumBodySize: 8 << 20)))
                let covers = BookCovers(library: library, service: service, originals: originals, cache: try DiskImageCache(directory: directory.url.appendingPathComponent("made")),
                                        work: work)
                defer { slow.set(.pass) }
                try await body(library, covers, control)
            }
        }
        withExtendedLifetime(directory) {}
    }

    func book(_ library: LocalLibrary, isbn: String?) async throws -> Book {
        try #require(try await library.books(BookQuery()).items.first { $0.isbn == isbn })
    }

    @Test func anUploadComesFirstThenTheServiceThenThePlaceholder() async throws {
        try await withCovers { library, covers, control in
            let dune = try await book(library, isbn: Self.found)
            let fromService = try await covers.picture(of: dune.id, .small)
            #expect(fromService.source == .service)
            #expect(fromService.mediaType == "image/jpeg")
            let small = try ImageCodec.decode(fromService.bytes)
            #expect((small.width, small.height) == (40, 60), "fitted to the list's thumbnail")
            let twice = try ImageCodec.decode(try await covers.picture(of: dune.id, CoverRendition(.small, scale: 2)).bytes)
            #expect((twice.width, twice.height) == (80, 120))

            let green = RGBColor(red: 30, green: 120, blue: 60)
            let upload = try TestImages.png(TestImages.cover(background: green, band: .white))
            let covered = try await library.edit(id: dune.id, BookChanges(), checkedOutBy: nil, cover: .upload(upload), ifVersion: dune.version)
            let uploaded = try await covers.picture(of: covered.id, .medium)
            #expect(uploaded.source == .uploaded)
            #expect(uploaded.mediaType == "image/png", "a PNG stays a PNG")
            #expect(uploaded.bytes == upload, "a cover smaller than the size asked for is served as uploaded")
            #expect(Self.distance(try await covers.colors(of: covered).background, green) <= 8, "the upload's colours, kept with it")

            let bare = try await library.edit(id: dune.id, BookChanges(), checkedOutBy: nil, cover: .remove, ifVersion: nil)
            #expect(try await covers.picture(of: bare.id, .medium).source == .service, "without its upload, the service's cover again")

            let none = try await book(library, isbn: Self.missing)
            let placeholder = try await covers.picture(of: none.id, .medium)
            #expect(placeholder.source == .placeholder)
            #expect(placeholder.mediaType == "image/svg+xml")
            // The title (here the ISBN) in as many lines as it takes to fit the cover.
            let svg = String(decoding: placeholder.bytes, as: UTF8.self)
            #expect(svg.matches(of: /<text[^>]*font-weight="bold">([^<]*)<\/text>/).map { String($0.output.1) }.joined().contains(Self.missing), "\(svg)")
            let noISBN = try await book(library, isbn: nil)
            #expect(try await covers.picture(of: noISBN.id, .medium).source == .placeholder)
            #expect(control.total == 2, "the service is asked for Dune once, and for the book it has no cover of once")
            await #expect(throws: LibraryError.notFound(id: 999)) { try await covers.picture(of: Book.ID(rawValue: 999), .medium) }
        }
    }

    @Test func theColoursComeFromTheCoverAndStayReadable() async throws {
        try await withCovers { library, covers, _ in
            let dune = try await book(library, isbn: Self.found)
            #expect(await covers.knownColors(of: dune) == nil, "not known before the cover is fetched")
            let colors = try await covers.colors(of: dune)
            // JPEG and the quantizing move colours a little: near navy, near yellow.
            #expect(Self.distance(colors.background, Self.navy) < 24, "\(colors.background)")
            #expect(Self.distance(colors.primary, Self.yellow) < 24, "\(colors.primary)")
            for text in [colors.primary, colors.secondary, colors.detail] {
                #expect(text.contrast(with: colors.background) >= 4.5, "\(text) on \(colors.background)")
            }
            #expect(await covers.knownColors(of: dune) == colors)
            let none = try await book(library, isbn: nil)
            #expect(try await covers.colors(of: none) == CoverPlaceholder(title: none.title, author: none.author).colors)
        }
    }

    /// A client that shows the cover and then reads the book's JSON (the seed's UIImageColors
    /// header) finds the colours there, without any page having asked for them.
    @Test func theColoursAreKnownOnceTheCoverIsShown() async throws {
        try await withCovers { library, covers, _ in
            let dune = try await book(library, isbn: Self.found)
            #expect(try await covers.picture(of: dune.id, .medium).source == .service)
            let known = try #require(await covers.knownColors(of: dune))
            #expect(Self.distance(known.background, Self.navy) < 24, "\(known.background)")
        }
    }

    @Test func manyRequestsForOneCoverMakeOneFetchAndWhatIsMadeIsKept() async throws {
        try await withCovers { library, covers, control in
            let dune = try await book(library, isbn: Self.found)
            let none = try await book(library, isbn: Self.missing)
            try await withThrowingTaskGroup(of: CoverPicture.Source.self) { group in
                for index in 0..<12 {
                    let rendition = index % 2 == 0 ? CoverRendition.small : CoverRendition(.medium, scale: 2)
                    group.addTask { try await covers.picture(of: dune.id, rendition).source }
                    group.addTask { try await covers.picture(of: none.id, rendition).source }
                }
                var sources: [CoverPicture.Source] = []
                for try await source in group { sources.append(source) }
                #expect(sources.filter { $0 == .service }.count == 12 && sources.filter { $0 == .placeholder }.count == 12)
            }
            #expect(control.count("/b/isbn/\(Self.found).jpg") == 1)
            #expect(control.count("/b/isbn/\(Self.missing).jpg") == 1, "that the service has no cover is kept too")
            _ = try await covers.picture(of: dune.id, .medium)
            _ = try await covers.colors(of: dune)
            #expect(control.total == 2, "every size and the colours come from the one fetch")
        }
    }

    /// Pictures are decoded by the work the library and the covers were given (on a server,
    /// threads of their own), never on the caller's thread.
    @Test func uploadsAndSizesAreDecodedByTheWorkGiven() async throws {
        let work = CountingWork()
        try await withCovers(work: work) { library, covers, _ in
            let dune = try await book(library, isbn: Self.found)
            _ = try await covers.picture(of: dune.id, .small)
            #expect(work.count == 2, "the service's cover decoded for the size, and for its colours")
            let upload = try TestImages.png(TestImages.cover(background: .white, band: Self.navy))
            let covered = try await library.edit(id: dune.id, BookChanges(), checkedOutBy: nil, cover: .upload(upload), ifVersion: nil)
            #expect(work.count == 3, "the upload checked by decoding it")
            _ = try await covers.picture(of: covered.id, .medium)
            #expect(work.count == 4, "an upload's colours were taken when it was checked")
        }
    }

    static let misbehaving: [(isbn: String, reason: String)] = [
        (slow, "no complete response within 3 s"), (dripping, "no complete response within 3 s"), (huge, "larger than the limit of 8388608 bytes"),
        (text, "is not a JPEG or PNG picture"), (bomb, "50000 × 50000 pixels is more than the 40000000 allowed"),
    ]

    @Test(arguments: misbehaving)
    func aServiceThatMisbehavesGivesTheFailurePictureAndIsAskedAgain(_ case: (isbn: String, reason: String)) async throws {
        let waitedOut = `case`.isbn == Self.slow || `case`.isbn == Self.dripping
        try await withCovers(timeout: waitedOut ? .seconds(3) : .seconds(60)) { library, covers, control in
            let book = try await book(library, isbn: `case`.isbn)
            let picture = try await covers.picture(of: book.id, .small)
            guard case .failed(let reason) = picture.source else {
                Issue.record("expected a failure, got \(picture.source)")
                return
            }
            #expect(reason.contains(`case`.reason), "\(reason)")
            #expect(picture.bytes == ImageContent.failureSVG)
            #expect(try await covers.colors(of: book) == CoverPlaceholder(title: book.title, author: book.author).colors)
            #expect(control.count("/b/isbn/\(`case`.isbn).jpg") == 2, "a failure is not kept: the colours asked the service again")
        }
    }

    static func distance(_ a: RGBColor, _ b: RGBColor) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }
}
