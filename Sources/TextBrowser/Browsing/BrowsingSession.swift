import Foundation
import ListorKit

/// One reader's browsing: what they do (open an address, follow a link, go back and forward,
/// reload, fill in and send a form, bookmark) and the page they are on. Every page read is
/// recorded in the history through the seed's accessors, unless the session was given empty ones.
///
/// Cancelling the task that awaits an action cancels its request (Ctrl-C in the terminal).
public actor BrowsingSession {
    /// A place in the navigator: a page as it was shown, with the reader's scroll and fields.
    public typealias Place = PageViewModel

    private let loader: PageLoader
    private var reader: PageReader
    private let hosts: any HostAccessor
    private let pages: any PageAccessor
    private let now: @Sendable () -> Date
    public private(set) var navigator = Navigator<Place>()
    /// The encoding chosen by hand for pages from now on; nil to detect it.
    public var charsetOverride: Charset?
    /// Why the last visit could not be recorded, when it could not; the page was still shown.
    public private(set) var historyProblem: HistoryError?

    public init(loader: PageLoader, reader: PageReader, hosts: any HostAccessor, pages: any PageAccessor, now: @escaping @Sendable () -> Date = Date.init) {
        self.loader = loader
        self.reader = reader
        self.hosts = hosts
        self.pages = pages
        self.now = now
    }

    public var current: PageViewModel? { navigator.current }

    public func setCharsetOverride(_ charset: Charset?) {
        charsetOverride = charset
    }

    // MARK: - What the reader does

    /// Opens what the reader typed: a URL, a host name ("docs.python.org"), or a file path.
    @discardableResult
    public func open(_ address: String) async throws(BrowserError) -> PageViewModel {
        try await go(PageRequest(url: try Self.url(from: address)))
    }

    /// Reads what the reader typed for its article (or whole, as the layout says), with its
    /// metadata, and records the visit: what `--dump --format json` prints.
    public func article(_ address: String) async throws(BrowserError) -> ReadArticle {
        let reader = reader
        let charset = charsetOverride
        let article = try await loader.load(PageRequest(url: try Self.url(from: address))) { resource throws(BrowserError) in
            guard PageReader.isReadable(contentType: resource.contentType) else {
                throw .notText(url: resource.url, contentType: resource.contentType ?? "")
            }
            return (reader.article(resource.body, contentType: resource.contentType, url: resource.url, charset: charset), nil)
        }.page
        historyProblem = await pages.record(article.url, title: article.metadata.title ?? article.page.title, at: now())
        return article
    }

    /// Follows link `number` of the current page: a new page, or a jump within this one.
    public func follow(_ number: Int) async throws(BrowserError) -> FollowOutcome {
        guard let page = current, let anchor = page.page.anchor(number) else { return .noSuchLink(number) }
        switch anchor.kind {
        case .field:
            return .field(number)
        case .link(let href, _):
            guard let url = anchor.url else { return .unusable(href) }
            if let line = page.fragmentLine(for: url) { return .jump(line) }
            return .page(try await go(PageRequest(url: url)))
        }
    }

    /// Sends the form that field `number` belongs to.
    public func submit(field number: Int) async throws(BrowserError) -> PageViewModel? {
        guard let request = current?.submission(field: number) else { return nil }
        return try await go(request)
    }

    /// Loads a request, shows it, and records the visit.
    @discardableResult
    public func go(_ request: PageRequest) async throws(BrowserError) -> PageViewModel {
        let page = try await load(request)
        navigator.visit(page)
        await record(page)
        return page
    }

    public func back() -> PageViewModel? {
        fitted(navigator.goBack())
    }

    public func forward() -> PageViewModel? {
        fitted(navigator.goForward())
    }

    /// Lays pages out in `width` columns from now on (the terminal was resized): the current
    /// page at once, the others when they are gone back to.
    public func setWidth(_ width: Int) -> PageViewModel? {
        reader.layout.width = width
        return fitted(current)
    }

    /// `page`, now current, laid out again when it is in another width than pages are now.
    private func fitted(_ page: PageViewModel?) -> PageViewModel? {
        guard let page, page.width != reader.layout.width else { return page }
        let relaid = page.relaid(by: reader)
        navigator.replaceCurrent(relaid)
        return relaid
    }

    /// Fetches the current page again, keeping the reader's place in it.
    public func reload() async throws(BrowserError) -> PageViewModel? {
        guard let current else { return nil }
        var page = try await load(PageRequest(url: current.url))
        page.topLine = min(current.topLine, max(page.lines.count - 1, 0))
        navigator.replaceCurrent(page)
        return page
    }

    /// Remembers where the reader is on the page, and what they typed, for back and forward.
    public func update(_ page: PageViewModel) {
        navigator.replaceCurrent(page)
    }

    // MARK: - Loading

    /// Redirects and refreshes are the loader's.
    private func load(_ request: PageRequest) async throws(BrowserError) -> PageViewModel {
        let reader = reader
        let charset = charsetOverride
        return try await loader.load(request) { resource throws(BrowserError) in
            let page = try Self.read(resource, with: reader, charset: charset)
            return (page, page.page.refresh)
        }.page
    }

    private static func read(_ resource: LoadedResource, with reader: PageReader, charset: Charset?) throws(BrowserError) -> PageViewModel {
        guard PageReader.isReadable(contentType: resource.contentType) else {
            throw .notText(url: resource.url, contentType: resource.contentType ?? "")
        }
        return PageViewModel(resource: resource, read: reader.read(resource.body, contentType: resource.contentType, url: resource.url, charset: charset))
    }

    private func record(_ page: PageViewModel) async {
        historyProblem = await pages.record(page.url, title: page.page.title, at: now())
    }

    // MARK: - Addresses

    /// What the reader typed, as a URL: with a scheme as it is; a path as a file; a host name
    /// over https, but http for localhost and IP addresses (as lynx and w3m assume for those).
    public static func url(from address: String) throws(BrowserError) -> URL {
        let text = address.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("/") || text.hasPrefix("./") || text.hasPrefix("../") || text.hasPrefix("~") {
            let path = (text as NSString).expandingTildeInPath
            return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).absoluteURL
        }
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0 == "\t" }) else { throw .invalidAddress(address) }
        // "scheme:…" is a URL, but "host:8080" is a host and a port.
        if let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter,
           text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }),
           !(text[text.index(after: colon)...].first?.isNumber ?? false) {
            guard let url = URL(string: URLResolver.percentEncoded(text)), url.scheme != nil else { throw .invalidAddress(address) }
            return url
        }
        let hostPart = text.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }.lowercased()
        let local = hostPart == "localhost" || hostPart.allSatisfy { $0.isNumber || $0 == "." } || hostPart.hasPrefix("[")
        guard hostPart.contains(".") || local, let url = URL(string: (local ? "http://" : "https://") + URLResolver.percentEncoded(text)), url.host != nil else {
            throw .invalidAddress(address)
        }
        return url
    }
}

/// What following a number did.
public enum FollowOutcome: Sendable {
    case page(PageViewModel)
    /// A `#fragment` of the page itself: the line to show.
    case jump(Int)
    /// The number is a form field: the view asks for its value.
    case field(Int)
    case noSuchLink(Int)
    /// A link whose `href` is not a URL.
    case unusable(String)
}
