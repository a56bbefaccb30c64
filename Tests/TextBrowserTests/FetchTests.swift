import Foundation
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import Testing
import TextBrowser

/// Fetching over real HTTP on loopback, through the live transport the composition root uses:
/// redirects, refreshes, compression and its bounds, time limits, cookies and forms.
@Suite struct FetchTests {
    /// A session on the test site (no history), with the transport `listor browse` uses.
    func withSession<T: Sendable>(limit: Int = 1 << 20, timeout: Duration = .seconds(30),
                                  _ body: @escaping @Sendable (BrowsingSession, URL) async throws -> T) async throws -> T {
        try await withLoopbackServer(BrowserTestSite.router()) { base in
            try await withLiveHTTPTransport(followsRedirects: false, decompressedLimit: limit) { transport in
                let loader = PageLoader(transport: transport, cookies: CookieJar(), limits: HTTPLimits(timeout: timeout, maximumBodySize: limit))
                let session = BrowsingSession(loader: loader, reader: PageReader(), hosts: EmptyHostAccessor(), pages: EmptyPageAccessor())
                return try await body(session, base)
            }
        }
    }

    func failure(_ action: @Sendable () async throws -> Void) async -> BrowserError? {
        do {
            try await action()
            return nil
        } catch {
            return error as? BrowserError
        }
    }

    @Test func aPageIsFetchedFollowedAndReturnedTo() async throws {
        try await withSession { session, base in
            let page = try await session.open(base.absoluteString + "/page")
            #expect(page.title == "The page")
            #expect(page.resource.status == 200)
            #expect(page.page.links.map(\.text) == ["the other page", "the end"])
            guard case .page(let other) = try await session.follow(1) else { Issue.record("link 1 did not open a page"); return }
            #expect(other.url.path == "/other")
            #expect(await session.back()?.title == "The page")
            guard case .jump(let line) = try await session.follow(2) else { Issue.record("link 2 did not jump"); return }
            #expect(page.lines[line] == "The end.")
            #expect(await session.forward()?.title == "Other")
            #expect(await session.forward() == nil)
        }
    }

    @Test(arguments: ["redirect/relative", "redirect/absolute", "redirect/see-other"])
    func redirectsAreFollowed(path: String) async throws {
        try await withSession { session, base in
            let page = try await session.open(base.absoluteString + "/" + path)
            #expect(page.url.absoluteString == base.absoluteString + "/page")
            #expect(page.resource.redirects.map(\.path) == ["/" + path])
            #expect(page.title == "The page")
        }
    }

    @Test func tenRedirectsAreFollowedButNotEleven() async throws {
        try await withSession { session, base in
            let arrived = try await session.open(base.absoluteString + "/hops/10")
            #expect(arrived.title == "Arrived")
            #expect(arrived.resource.redirects.count == 10)
            let error = await failure { try await session.open(base.absoluteString + "/hops/11") }
            #expect(error?.description.hasPrefix(base.absoluteString + "/hops/11: more than 10 redirects: ") == true)
            #expect(error?.description.hasSuffix("/hops/1 → \(base.absoluteString)/hops/0") == true)
        }
    }

    @Test func aRedirectLoopIsNamedHopByHop() async throws {
        try await withSession { session, base in
            let error = await failure { try await session.open(base.absoluteString + "/loop/a") }
            let root = base.absoluteString
            #expect(error?.description == "\(root)/loop/a: redirect loop: \(root)/loop/a → \(root)/loop/b → \(root)/loop/a")
            let bad = await failure { try await session.open(root + "/redirect/nowhere") }
            #expect(bad?.description == "\(root)/redirect/nowhere: redirected to \"http://[::1\", which is not a URL")
        }
    }

    @Test func aWebPageCannotRedirectToALocalFile() async throws {
        try await withSession { session, base in
            let error = await failure { try await session.open(base.absoluteString + "/redirect/local-file") }
            #expect(error?.description == "\(base.absoluteString)/redirect/local-file: redirected to file:///etc/hostname, a local file, which only an address typed by the reader may open")
            // A refresh to a local file is not followed: the page itself is shown.
            let page = try await session.open(base.absoluteString + "/refresh-to-file")
            #expect(page.resource.url.path == "/refresh-to-file")
            #expect(page.page.lines == ["Staying"])
            // Nor one to an address that is no page: the page is shown, not refused.
            let script = try await session.open(base.absoluteString + "/refresh-to-script")
            #expect(script.resource.url.path == "/refresh-to-script")
            #expect(script.page.lines == ["Staying"])
        }
    }

    @Test func aMetaRefreshIsFollowedWhenItIsSoon() async throws {
        try await withSession { session, base in
            let page = try await session.open(base.absoluteString + "/refresh")
            #expect(page.title == "The page")
            #expect(page.resource.redirects.map(\.path) == ["/refresh"])
            let later = try await session.open(base.absoluteString + "/refresh-later")
            #expect(later.lines == ["Wait"])
            #expect(later.page.refresh?.seconds == 600)
        }
    }

    @Test func gzipAndDeflateBodiesAreInflated() async throws {
        try await withSession { session, base in
            let page1 = try await session.open(base.absoluteString + "/gzip")
            #expect(page1.lines == ["This page came gzipped."])
            let page2 = try await session.open(base.absoluteString + "/deflate")
            #expect(page2.lines == ["This page came deflated."])
        }
    }

    @Test func aDecompressionBombAndABodyOverTheLimitAreRefused() async throws {
        try await withSession(limit: 1 << 20) { session, base in
            let bomb = await failure { try await session.open(base.absoluteString + "/bomb") }
            #expect(bomb?.description == "\(base.absoluteString)/bomb: the response is larger than the limit of 1048576 bytes")
            let big = await failure { try await session.open(base.absoluteString + "/big") }
            #expect(big?.description == "\(base.absoluteString)/big: the response is larger than the limit of 1048576 bytes")
            // The session is still usable.
            let page3 = try await session.open(base.absoluteString + "/page")
            #expect(page3.title == "The page")
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let silent = try SilentListener()
        try await withSession(timeout: .seconds(1)) { session, _ in
            let error = await failure { try await session.open("http://127.0.0.1:\(silent.port)/") }
            #expect(error?.description == "http://127.0.0.1:\(silent.port)/: no complete response within 1 s")
        }
    }

    @Test func cancellingTheTaskCancelsTheLoad() async throws {
        let silent = try SilentListener()
        try await withSession { session, _ in
            let load = Task { try await session.open("http://127.0.0.1:\(silent.port)/") }
            load.cancel()
            let result = await load.result
            #expect(throws: BrowserError.cancelled(url: URL(string: "http://127.0.0.1:\(silent.port)/")!)) { try result.get() }
        }
    }

    @Test func cookiesComeBackToTheHostAndPathTheyWereSetFor() async throws {
        try await withSession { session, base in
            let page4 = try await session.open(base.absoluteString + "/cookies")
            #expect(page4.lines == ["Cookie: none"])
            _ = try await session.open(base.absoluteString + "/set-cookies")
            let page5 = try await session.open(base.absoluteString + "/cookies")
            #expect(page5.lines == ["Cookie: session=abc"])
        }
    }

    @Test func aGetFormSendsWhatTheReaderChose() async throws {
        try await withSession { session, base in
            var form = try await session.open(base.absoluteString + "/form")
            #expect(form.lines.first == "[1][a b_________________][2][ ] [3][one ▾][4][Search]")
            let changed = [form.setText("hello world", field: 1), form.toggle(field: 2), form.choose("two", field: 3)]
            #expect(changed == [true, true, true])
            #expect(form.lines.first == "[1][hello world_________][2][x] [3][two ▾][4][Search]")
            await session.update(form)
            let result = try #require(try await session.submit(field: 4))
            #expect(result.lines == ["GET q=hello+world&c=yes&s=2&go=Search"])
        }
    }

    @Test func aPostFormSendsItsBodyUrlencoded() async throws {
        try await withSession { session, base in
            var form = try await session.open(base.absoluteString + "/form")
            let radio = try #require(form.page.anchors.first { $0.text == "r" && form.field($0.number)?.value == "y" })
            let toggled = form.toggle(field: radio.number)
            #expect(toggled)
            await session.update(form)
            let submit = try #require(form.page.anchors.last)
            let result = try #require(try await session.submit(field: submit.number))
            #expect(result.lines == ["POST application/x-www-form-urlencoded name=Ann&t=line1%0D%0Aline2&r=y"])
        }
    }

    @Test func otherAnswersAreShownOrRefusedByName() async throws {
        try await withSession { session, base in
            let missing = try await session.open(base.absoluteString + "/missing")
            #expect(missing.resource.status == 404)
            #expect(missing.lines == ["No such page"])
            let page6 = try await session.open(base.absoluteString + "/plain")
            #expect(page6.lines == ["plain", "  text"])
            let image = await failure { try await session.open(base.absoluteString + "/image") }
            #expect(image?.description == "\(base.absoluteString)/image: is image/png, not a page that can be shown as text")
            let mail = await failure { try await session.open("mailto:someone@example.com") }
            #expect(mail?.description == "mailto:someone@example.com: mailto links cannot be opened here (only http, https and file)")
            let refused = await failure { try await session.open("http://127.0.0.1:1/") }
            #expect(refused?.description.hasPrefix("http://127.0.0.1:1/: cannot connect: ") == true)
        }
    }

    @Test func localFilesAndDirectoriesAreRead() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("a page.html", Data("<title>Local</title><p>On disk".utf8))
        try await withSession { session, _ in
            let page = try await session.open(directory.path("a page.html"))
            #expect(page.title == "Local")
            #expect(page.lines == ["On disk"])
            let listing = try await session.open(directory.url.path)
            #expect(listing.page.links.map(\.text) == ["..", "a page.html"])
            let missing = await failure { try await session.open(directory.path("nothing.html")) }
            #expect(missing?.description.hasSuffix("nothing.html: no such file") == true)
        }
    }
}
