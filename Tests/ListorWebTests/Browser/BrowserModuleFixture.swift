import Foundation
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Testing
import TextBrowser
import TextBrowserSQLite

/// Names as the browser tests' resolver knows them; the reader never asks the system's.
let browserTestResolver = HostResolver { host in
    let table = ["localhost": ["127.0.0.1", "::1"], "public-looking.example": ["127.0.0.1"], "site.example": ["93.184.215.14"],
                 "only-here.example": ["127.0.0.1"]]
    guard let addresses = table[host] else { throw HostResolutionError(host: host, reason: "not in the test's table") }
    return addresses.compactMap(IPAddress.init)
}

/// VessBrowser's module as `listor serve` builds it, over a history in a temporary SQLite file,
/// reading through the live transport guarded by the address guard, beside the loopback test
/// site. `allowPrivate` is `--allow-private`; `rewrite` lets a test send a public-looking
/// name to the test site (given as the second argument), as a DNS answer would.
func withBrowserModule(allowPrivate: Bool = true, search: String = SearchEngine.duckDuckGo.template, rewrite: (@Sendable (URL, URL) -> URL)? = nil,
                       timeout: Duration = .seconds(15), maximumConcurrentReads: Int = 8, work: any HeavyWork = InlineWork(),
                       _ body: @escaping @Sendable (BrowserWebModule, URL, SQLiteHistoryStore) async throws -> Void) async throws {
    let directory = try TemporaryDirectory()
    let store = try SQLiteHistoryStore(path: directory.path("browser.sqlite"))
    let engine = try #require(SearchEngine(validating: search))
    try await withLoopbackServer(BrowserTestSite.router()) { site in
        try await withLiveHTTPTransport(followsRedirects: false, decompressedLimit: 1 << 20, connectTimeout: .seconds(5)) { live in
            let transport = rewrite.map { rewrite in
                HTTPTransport { request, limits in
                    var request = request
                    request.url = rewrite(request.url, site)
                    return try await live.send(request, limits)
                }
            } ?? live
            let addressGuard = AddressGuard(resolver: browserTestResolver, allowsPrivateAddresses: allowPrivate)
            let loader = PageLoader(transport: transport.guarded(by: addressGuard), cookies: nil,
                                    limits: HTTPLimits(timeout: timeout, maximumBodySize: 1 << 20), readsFiles: false)
            let pages = DefaultPageAccessor(store: store)
            let reader = ReaderViewModel(loader: loader, reader: PageReader(), pages: pages, work: work, searchEngine: engine)
            let module = BrowserWebModule(store: store, hosts: DefaultHostAccessor(store: store), pages: pages, reader: reader,
                                          maximumConcurrentReads: maximumConcurrentReads, formKey: .random())
            try await body(module, site, store)
        }
    }
    withExtendedLifetime(directory) {}
}
