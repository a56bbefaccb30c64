import Foundation
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import TextBrowser
import TextBrowserSQLite

/// Builds the browser for `listor browse`: the history store in the data directory
/// (`browser.sqlite`), the seed's host and page accessors on it (empty ones with
/// `--no-history`, and the store then opened only when used), the HTTP transport that leaves
/// redirects to the browser and inflates gzip up to the size limit, a cookie jar for the
/// session, and the session itself.
package enum BrowserComposition {
    struct Browser: Sendable {
        let session: BrowsingSession
        let store: any HistoryStore
        let hosts: any HostAccessor
        let pages: any PageAccessor
    }

    static func withBrowser<T: Sendable>(_ settings: BrowserSettings, _ body: @Sendable (Browser) async throws -> T) async throws -> T {
        // With --no-history the store is opened only if the reader asks for the history or
        // the bookmarks: a --dump never opens it.
        let dataDirectory = settings.dataDirectory
        let store: any HistoryStore = settings.keepsHistory ? try historyStore(in: dataDirectory) : DeferredHistoryStore { try historyStore(in: dataDirectory) }
        return try await withLiveHTTPTransport(followsRedirects: false, decompressedLimit: settings.maximumSize, connectTimeout: settings.connectTimeout) { transport in
            let loader = PageLoader(transport: transport, cookies: CookieJar(), limits: HTTPLimits(timeout: settings.timeout, maximumBodySize: settings.maximumSize))
            let hosts: any HostAccessor = settings.keepsHistory ? DefaultHostAccessor(store: store) : EmptyHostAccessor()
            let pages: any PageAccessor = settings.keepsHistory ? DefaultPageAccessor(store: store) : EmptyPageAccessor()
            let session = BrowsingSession(loader: loader, reader: PageReader(layout: TextLayout(width: settings.width, articleOnly: settings.articleOnly), decoder: CharsetDecoder(converters: IconvPool())), hosts: hosts, pages: pages)
            await session.setCharsetOverride(settings.charset)
            return try await body(Browser(session: session, store: store, hosts: hosts, pages: pages))
        }
    }

    /// The history alone, for `browse history`, `forget` and `bookmarks`: one connection, as a
    /// command needs; `serve`'s reader asks for a pool (`oneConnection: false`).
    package static func historyStore(in dataDirectory: String, oneConnection: Bool = true) throws -> SQLiteHistoryStore {
        let directory = try DataDirectory.prepare(dataDirectory)
        return try SQLiteHistoryStore(path: directory + "/browser.sqlite", oneConnection: oneConnection)
    }
}
