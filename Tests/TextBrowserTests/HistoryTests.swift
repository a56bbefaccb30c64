import Foundation
import ListorHTTPClient
import ListorTestSupport
import Testing
import TextBrowser
import TextBrowserSQLite

/// The history as the seed designs it, on a temporary SQLite file, through the seed's accessors.
@Suite struct HistoryTests {
    let directory: TemporaryDirectory
    let store: SQLiteHistoryStore
    let hosts: DefaultHostAccessor
    let pages: DefaultPageAccessor

    init() throws {
        directory = try TemporaryDirectory()
        store = try SQLiteHistoryStore(path: directory.path("browser.sqlite"))
        hosts = DefaultHostAccessor(store: store)
        pages = DefaultPageAccessor(store: store)
    }

    func visit(_ url: String, _ title: String?, at seconds: TimeInterval) async throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000 + seconds)
        try await pages.visit(page: VisitedPage(url: URL(string: url)!, title: title, firstVisit: date, lastVisit: date))
    }

    @Test func aHostIsStoredOnceHoweverOftenItIsVisited() async throws {
        for second in 0..<5 { try await visit("https://docs.python.org/3/page\(second % 2).html", "Page \(second)", at: Double(second)) }
        try await visit("https://docs.python.org/3/page1.html#part", "Page 1 again", at: 10)
        let all = try await hosts.all()
        #expect(all.count == 1)
        #expect(all[0].address == "docs.python.org")
        #expect(all[0].visitCount == 6)
        #expect(all[0].lastTitle == "Page 1 again")
        #expect(all[0].firstVisit == Date(timeIntervalSince1970: 1_800_000_000))
        let list = try await pages.pages(of: all[0])
        #expect(list.map(\.url.absoluteString) == ["https://docs.python.org/3/page1.html", "https://docs.python.org/3/page0.html"])
        #expect(list.map(\.visitCount) == [3, 3])
        #expect(list[0].title == "Page 1 again")
    }

    @Test func hostsAreOrderedByPriorityThenLastVisitAndPriorityIsKeptAcrossVisits() async throws {
        try await visit("https://a.example/", "A", at: 1)
        try await visit("https://b.example/", "B", at: 2)
        try await visit("https://c.example/", "C", at: 3)
        #expect(try await hosts.all().map(\.address) == ["c.example", "b.example", "a.example"])
        let list = try await HostListViewModel.load(from: hosts, store: store)
        #expect(try await list.moveUp("a.example"))
        try await visit("https://a.example/again", "A again", at: 4)
        try await visit("https://b.example/again", "B again", at: 5)
        let after = try await hosts.all()
        #expect(after.map(\.address) == ["a.example", "b.example", "c.example"])
        #expect(after[0].priority == 1)
        #expect(try await list.moveDown("b.example"))
        #expect(try await hosts.all().map(\.address) == ["a.example", "c.example", "b.example"])
        #expect(try await list.moveUp("nowhere.example") == false)
    }

    @Test(arguments: [
        ("www.reddit.com", "Reddit"), ("reddit.com", "Reddit"), ("bbc.co.uk", "BBC"), ("www.bbc.co.uk", "BBC"),
        ("docs.python.org", "Python"), ("en.wikipedia.org", "Wikipedia"), ("127.0.0.1", "127.0.0.1"), ("localhost", "localhost"),
        ("my-site.github.io", "My-Site"), ("news.ycombinator.com", "Ycombinator"),
    ])
    func namesAreDerivedFromTheRegistrablePartOfTheAddress(address: String, name: String) {
        #expect(HostNaming.displayName(for: address) == name)
    }

    @Test func forgettingAPageOrAHost() async throws {
        try await visit("https://a.example/one", "One", at: 1)
        try await visit("https://a.example/two", "Two", at: 2)
        try await visit("https://b.example/", "B", at: 3)
        #expect(try await store.forgetPage(URL(string: "https://a.example/one")!))
        #expect(try await store.forgetPage(URL(string: "https://a.example/one")!) == false)
        #expect(try await hosts.all().map(\.address) == ["b.example", "a.example"])
        // Its last page gone, the host goes too.
        #expect(try await store.forgetPage(URL(string: "https://a.example/two")!))
        #expect(try await hosts.all().map(\.address) == ["b.example"])
        #expect(try await store.forgetHost("B.example"))
        #expect(try await hosts.all().isEmpty)
        #expect(try await store.forgetHost("b.example") == false)
    }

    @Test func hostsAndPagesAreSearched() async throws {
        try await visit("https://docs.python.org/3/tutorial/", "The Python Tutorial", at: 1)
        try await visit("https://docs.python.org/3/library/re.html", "re — Regular expressions", at: 2)
        try await visit("https://example.com/100%_sure", "Percent", at: 3)
        var list = try await HostListViewModel.load(from: hosts, store: store)
        list.search("pyth")
        #expect(list.rows.map(\.address) == ["docs.python.org"])
        list.search("nothing")
        #expect(list.rows.isEmpty)
        #expect(list.emptyText == "No host matches \"nothing\".")
        var python = try await HostPagesViewModel.load(try #require(try await hosts.all().first { $0.address == "docs.python.org" }), from: pages, store: store)
        python.search("regular")
        #expect(python.pages.map(\.url.path) == ["/3/library/re.html"])
        #expect(try await store.searchPages("100%").map(\.title) == ["Percent"])
        #expect(try await store.searchPages("_").map(\.title) == ["Percent"])
    }

    @Test func anEmptyHistorySaysWhatToType() async throws {
        let list = try await HostListViewModel.load(from: hosts, store: store)
        #expect(list.isEmpty)
        #expect(list.emptyText.contains("Press g and type an address"))
        #expect(try await EmptyHostAccessor().all().isEmpty)
    }

    @Test func bookmarksAreKeptNewestFirstAndOncePerURL() async throws {
        let page = PageViewModel(resource: LoadedResource(url: URL(string: "https://a.example/x#frag")!, status: 200, contentType: "text/html", body: []),
                                 read: PageReader().read(Array("<title>X</title>".utf8), contentType: "text/html", url: URL(string: "https://a.example/x")!))
        let other = PageViewModel(resource: LoadedResource(url: URL(string: "https://b.example/")!, status: 200, contentType: "text/html", body: []),
                                  read: PageReader().read(Array("<title>B</title>".utf8), contentType: "text/html", url: URL(string: "https://b.example/")!))
        var bookmarks = try await BookmarksViewModel.load(from: store, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        try await bookmarks.add(page)
        try await bookmarks.add(other)
        try await bookmarks.add(page)
        let stored = try await BookmarksViewModel.load(from: store)
        #expect(stored.bookmarks.map(\.url.absoluteString).sorted() == ["https://a.example/x", "https://b.example/"])
        #expect(bookmarks.bookmarks.map(\.title) == ["X", "B"])
        #expect(try await bookmarks.delete(try #require(bookmarks.bookmark(address: "https://b.example/"))))
        #expect(try await BookmarksViewModel.load(from: store).bookmarks.map(\.title) == ["X"])
    }

    @Test func aSessionRecordsEveryPageItShowsUnderItsFinalURL() async throws {
        let (hosts, pages) = (hosts, pages)
        try await withLoopbackServer(BrowserTestSite.router()) { base in
            try await withLiveHTTPTransport(followsRedirects: false) { transport in
                let session = BrowsingSession(loader: PageLoader(transport: transport, cookies: CookieJar()), reader: PageReader(), hosts: hosts, pages: pages)
                _ = try await session.open(base.absoluteString + "/redirect/relative")
                _ = try await session.follow(1)
                _ = try await session.follow(1)
                let all = try await hosts.all()
                #expect(all.map(\.address) == ["127.0.0.1"])
                #expect(all.first?.lastTitle == "The page")
                #expect(try await pages.pages(of: all[0]).map(\.url.path) == ["/page", "/other"])
                #expect(try await pages.pages(of: all[0]).map(\.visitCount) == [2, 1])
            }
        }
    }
}
