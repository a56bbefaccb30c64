import Hummingbird
import TextBrowser

/// VessBrowser on the web: the history navigator under `/browser` and the reader that shows a
/// page through the text browser's core, and its JSON API under `/browser/api`.
///
/// The reader's loader comes from the composition root already guarded: it reaches only the
/// addresses this server may fetch for its visitors.
public struct BrowserWebModule: WebModule {
    private let pages: BrowserPages

    /// `maximumConcurrentReads` bounds the pages read at once for the whole server, and
    /// `maximumReadsPerClient` those of one client address; `formKey` signs the CSRF tokens of
    /// the forget and reorder forms.
    public init(store: any HistoryStore, hosts: any HostAccessor, pages: any PageAccessor, reader: ReaderViewModel,
                maximumConcurrentReads: Int = 8, maximumReadsPerClient: Int = 2, formKey: FormKey, maximumBodySize: Int = 64 << 10) {
        self.pages = BrowserPages(store: store, hosts: hosts, pages: pages, reader: reader,
                                  slots: ClientShares(share: maximumReadsPerClient, limit: maximumConcurrentReads),
                                  formKey: formKey, maximumBodySize: maximumBodySize)
    }

    public var tile: AppTile? {
        AppTile(name: "VessBrowser", summary: "A reader for the web that remembers where you have been: hosts, their pages, and each page simplified.",
                path: "/browser")
    }

    public var apiPaths: [String] { ["/browser/api"] }

    public var openAPIDocument: (name: String, server: String)? { ("browser", "/browser/api") }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        BrowserAPI(pages: pages).addRoutes(to: router)
        pages.addRoutes(to: router, templates: templates)
    }
}
