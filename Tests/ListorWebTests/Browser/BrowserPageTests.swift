import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Synchronization
import Testing
import TextBrowser
import TextBrowserSQLite

/// VessBrowser's pages and API: the history navigator, the reader on a loopback test site
/// (through `--allow-private`, as the composition root builds it), hostile pages shown
/// escaped, and every refusal of the address guard, with no request reaching the loopback
/// server the guard protects.
@Suite struct BrowserPageTests {
    struct Context: Sendable {
        let client: any TestClientProtocol
        /// The loopback test site.
        let site: URL
        let store: SQLiteHistoryStore
    }

    func withPages(allowPrivate: Bool = true, search: String = SearchEngine.duckDuckGo.template, rewrite: (@Sendable (URL, URL) -> URL)? = nil,
                   timeout: Duration = .seconds(15), maximumConcurrentReads: Int = 8, work: any HeavyWork = InlineWork(),
                   _ test: @escaping @Sendable (Context) async throws -> Void) async throws {
        try await withBrowserModule(allowPrivate: allowPrivate, search: search, rewrite: rewrite, timeout: timeout,
                                    maximumConcurrentReads: maximumConcurrentReads, work: work) { module, site, store in
            let router = try await buildRouter(configuration: WebConfiguration(), modules: [module])
            try await Application(router: router).test(.router) { client in
                try await test(Context(client: client, site: site, store: store))
            }
        }
    }

    func get(_ context: Context, _ uri: String, token: String? = nil) async throws -> TestResponse {
        try await context.client.execute(uri: uri, method: .get, headers: token.map { [.cookie: "listor_csrf=\($0)"] } ?? [:])
    }

    func read(_ context: Context, _ url: String) async throws -> TestResponse {
        try await get(context, "/browser/read?url=" + (url.queryEncoded))
    }

    /// The CSRF token a first visit gets, from its cookie.
    func token(_ context: Context) async throws -> String {
        let first = try await get(context, "/browser")
        let cookie = try #require(first.headers[.setCookie])
        #expect(cookie.contains("Path=/browser") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        return String(try #require(cookie.split(separator: ";").first?.split(separator: "=").last))
    }

    func post(_ context: Context, _ uri: String, token: String?, _ body: String) async throws -> TestResponse {
        try await context.client.execute(uri: uri, method: .post,
                                         headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(token ?? "none")"],
                                         body: ByteBuffer(string: (token.map { "csrf=\($0)&" } ?? "") + body))
    }

    // MARK: - The history navigator

    @Test func anEmptyHistoryShowsTheHintAndPlacesToStart() async throws {
        try await withPages { context in
            let page = try await get(context, "/browser")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<form class="address-bar" method="get" action="/browser/read" role="search">"#))
            #expect(page.text.contains("No history yet. Type an address or a few words above"))
            #expect(page.text.contains(#"<a href="/browser/read?url=https%3A%2F%2Fdocs.python.org%2F3%2F">docs.python.org</a>"#))
            #expect(!page.text.contains(#"id="hosts""#))
        }
    }

    @Test func aPageReadIsAVisitItsHostListsItAndForgettingNeedsTheToken() async throws {
        try await withPages { context in
            let site = context.site.absoluteString
            #expect(try await read(context, site + "/page").status == .ok)
            #expect(try await read(context, site + "/other").status == .ok)
            let token = try await token(context)

            let hosts = try await get(context, "/browser", token: token).text
            #expect(hosts.contains(#"<a class="host-link" href="/browser/hosts/127.0.0.1"><span class="host-name">127.0.0.1</span>"#))
            #expect(hosts.contains("<span class=\"host-meta\">2 pages · last visit "))
            #expect(hosts.contains(#"<span class="host-title">Other</span>"#))
            let search = try await get(context, "/browser?search=the+page", token: token).text
            #expect(search.contains(#"id="hosts""#), "a page title matches, so its host is listed")
            #expect(try await get(context, "/browser?search=nowhere", token: token).text.contains("No host or page matches &quot;nowhere&quot;."))

            let host = try await get(context, "/browser/hosts/127.0.0.1", token: token).text
            #expect(host.contains(#"<a class="page-title" href="/browser/read?url=\#(site.queryEncoded)%2Fother">Other</a>"#))
            #expect(host.matches(of: /class="visited-page"/).count == 2)

            let refused = try await post(context, "/browser/hosts/127.0.0.1/forget", token: nil, "")
            #expect(refused.status == .forbidden)
            #expect(try await context.store.hosts().count == 1)

            let forgetPage = try await post(context, "/browser/hosts/127.0.0.1/pages/forget", token: token, "url=" + (site + "/other").queryEncoded)
            #expect(forgetPage.status == .seeOther)
            #expect(forgetPage.headers[.location] == "/browser/hosts/127.0.0.1?notice=forgotten")
            #expect(try await context.store.pages(ofHost: "127.0.0.1").map(\.url.path) == ["/page"])

            let forgotten = try await post(context, "/browser/hosts/127.0.0.1/forget", token: token, "")
            #expect(forgotten.headers[.location] == "/browser?notice=forgotten")
            #expect(try await context.store.hosts().isEmpty)
            #expect(try await post(context, "/browser/hosts/127.0.0.1/forget", token: token, "").status == .notFound)
            #expect(try await get(context, "/browser/hosts/127.0.0.1", token: token).status == .notFound)
        }
    }

    @Test func hostsMoveUpAndDownAndKeepTheirPlace() async throws {
        try await withPages { context in
            _ = try await read(context, context.site.absoluteString + "/page")
            let token = try await token(context)
            #expect(try await post(context, "/browser/hosts/127.0.0.1/priority", token: token, "direction=up").headers[.location] == "/browser?notice=moved")
            #expect(try await context.store.hosts().first?.priority == 1)
            _ = try await read(context, context.site.absoluteString + "/other")
            #expect(try await context.store.hosts().first?.priority == 1, "a visit keeps the priority")
            #expect(try await post(context, "/browser/hosts/127.0.0.1/priority", token: token, "direction=sideways").status == .badRequest)
            #expect(try await post(context, "/browser/hosts/nowhere.example/priority", token: token, "direction=down").status == .notFound)
        }
    }

    // MARK: - The reader

    @Test func theReaderShowsThePageWithLinksThroughItself() async throws {
        try await withPages { context in
            let site = context.site.absoluteString
            let encodedSite = site.queryEncoded
            let response = try await read(context, site + "/page")
            #expect(response.status == .ok)
            #expect(response.headers[.contentSecurityPolicy] != nil)
            let page = response.text
            #expect(page.contains(#"<h1 id="page-title">The page</h1>"#))
            #expect(page.contains(#"<h2>The page</h2>"#))
            #expect(page.contains(#"<a href="/browser/read?url=\#(encodedSite)%2Fother">the other page</a>"#))
            #expect(page.contains(##"<a href="#r-end">the end</a>"##))
            #expect(page.contains(#"<span id="r-end"></span>The end."#))
            #expect(page.contains(#"<a href="\#(site)/page" rel="noreferrer noopener" id="final-url">"#))
            #expect(page.contains("200 · utf-8 (from the HTTP header)"))
        }
    }

    @Test func redirectsAndCharacterSetsAreTheCoresAndShownInTheStatusLine() async throws {
        try await withPages { context in
            let site = context.site.absoluteString
            let redirected = try await read(context, site + "/redirect/relative").text
            #expect(redirected.contains("Redirected from \(site)/redirect/relative"))
            #expect(redirected.contains(#"id="final-url">\#(site)/page</a>"#))
            let latin = try await read(context, site + "/latin1").text
            #expect(latin.contains(#"<h1 id="page-title">Café</h1>"#))
            #expect(latin.contains("<p>Un café €</p>"), "ISO-8859-1 is read as windows-1252, as browsers read it")
            #expect(latin.contains("windows-1252 (from the HTTP header)"))
        }
    }

    @Test func theAddressBarTakesAddressesAndWords() async throws {
        try await withPages(search: "https://search.example/html/?q=%s") { context in
            let typed = try await get(context, "/browser/read?address=" + (context.site.absoluteString + "/page").queryEncoded)
            #expect(typed.status == .seeOther)
            #expect(typed.headers[.location] == "/browser/read?url=" + (context.site.absoluteString + "/page").queryEncoded)
            let words = try await get(context, "/browser/read?address=caf%C3%A9+au+lait")
            #expect(words.headers[.location] == "/browser/read?url=https%3A%2F%2Fsearch.example%2Fhtml%2F%3Fq%3Dcaf%25C3%25A9%2520au%2520lait")
            let host = try await get(context, "/browser/read?address=docs.python.org")
            #expect(host.headers[.location] == "/browser/read?url=https%3A%2F%2Fdocs.python.org")
            let file = try await get(context, "/browser/read?address=file%3A%2F%2F%2Fetc%2Fpasswd")
            #expect(file.status == .badRequest)
            #expect(file.text.contains("file:///etc/passwd: only http and https addresses can be read from this server"))
        }
    }

    /// A reader shows the article first, as Firefox's reader view does: a Sphinx page's menu,
    /// logo, search box and table of contents come after it, folded away; and a typed address's
    /// fragment is where the page opens.
    @Test func theArticleComesFirstAndTheFragmentIsKept() async throws {
        try await withPages(search: "https://search.example/html/?q=%s") { context in
            let typed = try await get(context, "/browser/read?address=" + (context.site.absoluteString + "/sphinx#boolean-operations-and-or-not").queryEncoded)
            let location = try #require(typed.headers[.location])
            #expect(location == "/browser/read?url=" + (context.site.absoluteString + "/sphinx").queryEncoded + "#r-boolean-operations-and-or-not")
            let page = try await get(context, String(location.prefix { $0 != "#" })).text
            let article = try #require(page.range(of: #"<span id="r-built-in-types"></span>Built-in Types"#))
            for chrome in ["Menu", #"name="f.q""#, "Table of Contents", "Python logo", "© Copyright"] {
                let found = try #require(page.range(of: chrome), "\(chrome)")
                #expect(found.lowerBound > article.upperBound, "\(chrome) comes after the article")
            }
            #expect(page.contains(#"<details class="reader-rest"><summary>The rest of the page"#))
            #expect(page.contains(#"id="r-boolean-operations-and-or-not""#))
        }
    }

    @Test func getFormsSendThroughTheReaderAndPostFormsAreShownDisabled() async throws {
        try await withPages { context in
            let site = context.site.absoluteString
            let page = try await read(context, site + "/form").text
            #expect(page.contains(#"<form id="reader-form-0" method="get" action="/browser/read"><input type="hidden" name="url" value="\#(site)/echo"><input type="hidden" name="form" value="get"></form>"#))
            #expect(page.contains(#"<input type="text" name="f.q" value="a b" size="20" form="reader-form-0">"#))
            #expect(page.contains(#"<select name="f.s" form="reader-form-0"><option value="one" selected>one</option><option value="2">two</option></select>"#))
            #expect(page.contains(#"<button type="submit" name="f.go" value="Search" form="reader-form-0">Search</button>"#))
            #expect(page.contains("(This form sends by POST, which the reader does not do.)"))
            #expect(page.contains(#"<input type="text" value="Ann" size="20" form="reader-form-1" disabled>"#))

            let action = site.queryEncoded + "%2Fecho"
            let sent = try await get(context, "/browser/read?url=\(action)&form=get&f.q=x+y%26z&f.s=2&f.go=Search")
            #expect(sent.status == .seeOther)
            let location = try #require(sent.headers[.location])
            #expect(location == "/browser/read?url=\(action)%3Fq%3Dx%2By%2526z%26s%3D2%26go%3DSearch")
            #expect(try await get(context, location).text.contains("GET q=x+y%26z&amp;s=2&amp;go=Search"))
        }
    }

    @Test func hostileMarkupIsShownEscapedAndNothingOfItRuns() async throws {
        try await withPages { context in
            let page = try await read(context, context.site.absoluteString + "/hostile").text
            #expect(page.contains("Hello"))
            // What the page tried is there as text at most: no element, attribute or URL of it.
            for forbidden in ["<script", "<iframe", "<object", "<svg", "<style", "href=\"javascript:", "href=\"data:", "href=\"  JaVaScRiPt"] {
                #expect(!page.contains(forbidden), "\(forbidden) reached the page")
            }
            #expect(page.firstMatch(of: /<[a-z]+[^>]*\son[a-z]+\s*=/) == nil, "an event attribute reached the page")
            #expect(page.contains(#"<h1 id="page-title">&quot;&gt;</h1>"#))
            #expect(page.contains(#"<span class="dead-link">run</span>"#))
            #expect(page.contains(#"<span class="dead-link">mixed case</span> <span class="dead-link">data</span>"#))
            #expect(page.contains(#"<textarea name="f.t" cols="40" rows="3" form="reader-form-0"></textarea>"#))
            #expect(page.contains(#"value="&lt;/textarea&gt;&lt;script&gt;alert(10)&lt;/script&gt;""#))
            #expect(page.contains("%2Fother%2522%2520onmouseover%3D%2522"), "the quote stays inside the link's URL")
        }
    }

    @Test func aPageThatCannotBeReadSaysWhichAndWhy() async throws {
        try await withPages { context in
            let loop = try await read(context, context.site.absoluteString + "/hops/11")
            #expect(loop.status == .badGateway)
            #expect(loop.text.contains("more than 10 redirects"))
            #expect(loop.text.contains(#"<input type="text" id="address" name="address" value="\#(context.site.absoluteString)/hops/11""#))
            let tooLong = try await read(context, "http://example.com/" + String(repeating: "a", count: 3000))
            #expect(tooLong.status == .badRequest)
            #expect(tooLong.text.contains("this server reads addresses of up to 2048"))
            #expect(try await read(context, "file:///etc/passwd").status == .badRequest)
            #expect(try await read(context, "http://127.0.0.1:1/").status == .badGateway)
        }
    }

    /// A page that drips its body holds a read slot until the read's timeout at the most:
    /// then the read fails as timed out, and the slot serves the next reader.
    @Test(.timeLimit(.minutes(1))) func aDrippingPageGivesItsSlotBackAtTheTimeout() async throws {
        try await withPages(timeout: .seconds(1), maximumConcurrentReads: 1) { context in
            let dripping = try await read(context, context.site.absoluteString + "/drip")
            #expect(dripping.status == .gatewayTimeout)
            #expect(dripping.text.contains("/drip: no complete response within 1 s"))
            // The slot serves the next reader: its read is made, not refused as busy (503). Its
            // own status is not asserted: on a loaded machine it may take longer than the 1 s too.
            let next = try await read(context, context.site.absoluteString + "/page")
            #expect(next.status != .serviceUnavailable && !next.text.contains("The reader is busy"), "\(next.status)")
        }
    }

    /// Another site cannot make the server read a page of its choice and list it in the history
    /// every visitor shares: its page embedding a read is refused, and its link is followed
    /// but the visit not kept. The visitor's own reads are kept.
    @Test func onlyTheVisitorsOwnReadsAreKept() async throws {
        try await withPages { context in
            let target = context.site.absoluteString + "/page"
            let uri = "/browser/read?url=" + target.queryEncoded
            let api = "/browser/api/read?url=" + target.queryEncoded
            let embedded: [HTTPFields] = [
                [.secFetchSite: "cross-site", .secFetchMode: "no-cors", .secFetchDest: "image"],
                [.secFetchSite: "same-site", .secFetchMode: "cors"],
                [.origin: "http://evil.example"],
            ]
            for headers in embedded {
                for path in [uri, api] {
                    let refused = try await context.client.execute(uri: path, method: .get, headers: headers)
                    #expect(refused.status == .forbidden, "\(path) \(headers)")
                    #expect(refused.text.contains("another site"), "\(refused.text.prefix(300))")
                }
            }
            let links: [HTTPFields] = [[.secFetchSite: "cross-site", .secFetchMode: "navigate", .secFetchDest: "document"], [.referer: "http://evil.example/page"]]
            for headers in links {
                let followed = try await context.client.execute(uri: uri, method: .get, headers: headers)
                #expect(followed.status == .ok)
                #expect(followed.text.contains("The page"))
                #expect(followed.text.contains("link, so this visit is not kept in the history."))
            }
            #expect(try await context.store.hosts().isEmpty, "nothing another site asked for is in the history")

            let own = try await context.client.execute(uri: uri, method: .get, headers: [.secFetchSite: "same-origin", .secFetchMode: "navigate", .referer: "http://\(context.site.host ?? "")/browser"])
            #expect(own.status == .ok)
            #expect(!own.text.contains("not kept in the history"))
            #expect(try await context.store.hosts().count == 1)
        }
    }

    /// Each page read, the first and the one its refresh leads to, is parsed by the work the
    /// reader was given (on a server, threads of their own).
    @Test func pagesAreParsedByTheWorkGiven() async throws {
        let work = CountingWork()
        try await withPages(work: work) { context in
            let page = try await read(context, context.site.absoluteString + "/page")
            #expect(page.status == .ok)
            #expect(work.count == 1)
            let refreshed = try await read(context, context.site.absoluteString + "/refresh")
            #expect(refreshed.status == .ok)
            #expect(work.count == 3, "the page with the refresh, then the page it leads to")
        }
    }

    // MARK: - The address guard

    /// A loopback server that counts the requests it gets: none may reach it.
    func withCountingServer(_ body: @escaping @Sendable (Int, @escaping @Sendable () -> Int) async throws -> Void) async throws {
        let count = CallCounter()
        let router = Router()
        router.get("**") { _, _ in
            count.add()
            return "reached"
        }
        try await withLoopbackServer(router) { url in
            try await body(url.port ?? 0, { count.value })
        }
    }

    @Test func everyLoopbackFormIsRefusedAndNothingReachesTheServer() async throws {
        try await withCountingServer { port, reached in
            try await withPages(allowPrivate: false) { context in
                let refusals = [
                    ("http://127.0.0.1:\(port)/", "the address 127.0.0.1 is not reachable from this server"),
                    ("http://localhost:\(port)/", "the address 127.0.0.1 (localhost) is not reachable from this server"),
                    ("http://[::1]:\(port)/", "the address ::1 is not reachable from this server"),
                    ("http://0x7f000001:\(port)/", "the address 127.0.0.1 (0x7f000001) is not reachable from this server"),
                    ("http://2130706433:\(port)/", "the address 127.0.0.1 (2130706433) is not reachable from this server"),
                    ("http://127.1:\(port)/", "the address 127.0.0.1 (127.1) is not reachable from this server"),
                    ("http://[::ffff:127.0.0.1]:\(port)/", "the address ::ffff:127.0.0.1 is not reachable from this server"),
                    ("http://public-looking.example:\(port)/", "the address 127.0.0.1 (public-looking.example) is not reachable from this server"),
                ]
                for (url, reason) in refusals {
                    let page = try await read(context, url)
                    #expect(page.status == .badRequest, "\(url)")
                    #expect(page.text.contains(reason), "\(url)")
                    let api = try await get(context, "/browser/api/read?url=" + url.queryEncoded)
                    #expect(api.status == .badRequest)
                    #expect(api.text.contains(reason.replacingOccurrences(of: "(", with: "(")), "\(url)")
                }
                #expect(reached() == 0)
                #expect(try await context.store.hosts().isEmpty)
            }
        }
    }

    /// The reader connects to the address the guard checked, not to what the name resolves to
    /// next (DNS rebinding): only-here.example is known to the guard's resolver alone, and
    /// the system's resolver, asked again, would find nothing.
    @Test func theReaderConnectsToTheAddressItChecked() async throws {
        try await withPages { context in
            let page = try await read(context, "http://only-here.example:\(context.site.port ?? 0)/page")
            #expect(page.status == .ok, "\(page.text.prefix(1000))")
            #expect(page.text.contains("The page"))
        }
    }

    @Test func aRedirectToALoopbackPortIsRefusedAtThatHop() async throws {
        try await withCountingServer { port, reached in
            // site.example resolves to a public address; the test's transport takes it to the
            // loopback test site, whose redirect then names the counting server.
            try await withPages(allowPrivate: false, rewrite: { url, site in
                guard url.host == "site.example", var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
                components.host = site.host
                components.port = site.port
                return components.url ?? url
            }) { context in
                let page = try await read(context, "http://site.example/redirect/to/\(port)")
                #expect(page.status == .badRequest)
                #expect(page.text.contains("http://127.0.0.1:\(port)/page: the address 127.0.0.1 is not reachable from this server"))
                #expect(reached() == 0)
            }
        }
    }

    // MARK: - The API

    @Test func theAPIListsHostsAndPagesAndReadsPagesAsText() async throws {
        try await withPages { context in
            let site = context.site.absoluteString
            let read = try await get(context, "/browser/api/read?url=" + (site + "/page").queryEncoded)
            #expect(read.status == .ok)
            #expect(read.headers[.contentType] == "application/json; charset=utf-8")
            let page = try #require(try JSONSerialization.jsonObject(with: Data(read.text.utf8)) as? [String: Any])
            #expect(page["title"] as? String == "The page")
            #expect(page["url"] as? String == site + "/page")
            #expect((page["lines"] as? [String])?.contains { $0.contains("The end.") } == true)
            #expect((page["links"] as? [[String: Any]])?.compactMap { $0["url"] as? String } == [site + "/other", site + "/page#end"])
            // A story: its article, with what the page says of it.
            let story = try await get(context, "/browser/api/read?url=" + (site + "/story").queryEncoded)
            let storyJSON = try #require(try JSONSerialization.jsonObject(with: Data(story.text.utf8)) as? [String: Any])
            let article = try #require(storyJSON["article"] as? [String: Any])
            #expect(article["title"] as? String == "A story" && article["byline"] as? String == "Ann Lee" && article["site"] as? String == "The News")
            #expect(article["published"] as? String == "2026-11-29T08:00:00Z" && article["isArticle"] as? Bool == true)
            #expect(article["text"] as? String == BrowserTestSite.storyParagraphs.joined(separator: "\n\n"), "\(article)")
            let shown = try await get(context, "/browser/read?url=" + (site + "/story").queryEncoded)
            #expect(shown.text.contains(#"<p class="reader-byline" id="byline">Ann Lee · Nov 29, 2026 · The News</p>"#), "\(shown.text)")
            let first = try #require(shown.text.components(separatedBy: #"<details class="reader-rest">"#).first)
            #expect(first.contains(BrowserTestSite.storyParagraphs[3]) && !first.contains("A comment") && !first.contains("Share it"))
            #expect(!shown.text.contains("no-article"))
            // A page with no article is shown whole, saying so.
            let whole = try await get(context, "/browser/read?url=" + (site + "/page").queryEncoded)
            #expect(whole.text.contains(#"<p class="reader-note" id="no-article" role="status">The reader found no article on this page"#), "\(whole.text)")

            let hosts = try await get(context, "/browser/api/hosts")
            let list = try #require(try JSONSerialization.jsonObject(with: Data(hosts.text.utf8)) as? [[String: Any]])
            #expect(list.map { $0["address"] as? String } == ["127.0.0.1"])
            #expect(list.first?["pages"] as? Int == 2, "the page and the story")
            let pages = try await get(context, "/browser/api/hosts/127.0.0.1/pages")
            #expect(pages.text.contains(#""url":"\#(site.replacingOccurrences(of: "/", with: "\\/"))\/page""#) || pages.text.contains(#""url":"\#(site)/page""#))

            #expect(try await get(context, "/browser/api/hosts?order=sideways").status == .badRequest)
            let missing = try await get(context, "/browser/api/hosts/nowhere.example/pages")
            #expect(missing.status == .notFound)
            #expect(missing.text == #"{"error":"the history has no host \"nowhere.example\""}"#)
            let noURL = try await get(context, "/browser/api/read")
            #expect(noURL.status == .badRequest)
            let file = try await get(context, "/browser/api/read?url=file%3A%2F%2F%2Fetc%2Fpasswd")
            #expect(file.status == .badRequest)
            #expect(file.text.contains("only http and https addresses can be read from this server"))
        }
    }
}

extension String {
    /// As the reader writes a query value: every byte but the unreserved ones percent-encoded.
    var queryEncoded: String {
        addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
    static let secFetchMode = Self("Sec-Fetch-Mode")!
    static let secFetchDest = Self("Sec-Fetch-Dest")!
}
