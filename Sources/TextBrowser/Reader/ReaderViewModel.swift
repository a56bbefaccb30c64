import Foundation
import ListorKit

/// The reader a server runs for its visitors: what a visitor does (type an address or words,
/// follow a link, send a search form) and the page read through the core, each read recorded
/// in the history. It keeps nothing between requests: the page's URL carries the target, so
/// back and forward are the visitor's own browser's.
///
/// Only http and https addresses are read; the loader it is given decides which hosts may be
/// reached (the composition root guards it against private addresses). Pages are parsed and
/// laid out by `work`: on a server, threads of their own.
public struct ReaderViewModel: Sendable {
    public static let maximumAddressLength = 2048

    private let loader: PageLoader
    private let reader: PageReader
    private let pages: any PageAccessor
    private let work: any HeavyWork
    private let now: @Sendable () -> Date
    public let searchEngine: SearchEngine

    public init(loader: PageLoader, reader: PageReader, pages: any PageAccessor, work: any HeavyWork, searchEngine: SearchEngine = .duckDuckGo,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.loader = loader
        self.reader = reader
        self.pages = pages
        self.work = work
        self.searchEngine = searchEngine
        self.now = now
    }

    /// A page as the reader shows it, with the facts of its status line.
    public struct Reading: Sendable {
        public var page: ReaderPage
        /// Where the page was read from, after redirects and refreshes.
        public var url: URL
        public var status: Int
        public var size: Int
        public var redirects: [URL]
        public var charset: CharsetDetector.Detection
        /// Why the visit could not be recorded, when it could not; the page is shown all the same.
        public var historyProblem: HistoryError?
        /// Whether the visit was asked to be recorded (it was not when another site asked).
        public var isRecorded: Bool

        public var title: String { page.title ?? url.absoluteString }
    }

    // MARK: - Addresses

    /// What the visitor typed in the address bar: an address as a URL ("docs.python.org" over
    /// https), anything else (words, a path) as a search.
    public func destination(for typed: String) throws(BrowserError) -> URL {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .invalidAddress(typed) }
        guard text.utf8.count <= Self.maximumAddressLength else { throw .addressTooLong(length: text.utf8.count, limit: Self.maximumAddressLength) }
        let isPath = text.hasPrefix("/") || text.hasPrefix(".") || text.hasPrefix("~")
        if !isPath, !text.contains(where: \.isWhitespace), let url = try? BrowsingSession.url(from: text) {
            return try Self.webAddress(url.absoluteString)
        }
        guard let url = searchEngine.url(for: text) else { throw .invalidAddress(typed) }
        return url
    }

    /// Where a GET form of a read page goes: its action with the fields, in order, as the query.
    public func formDestination(action: String, fields: [(name: String, value: String)]) throws(BrowserError) -> URL {
        let form = PageForm(action: try Self.webAddress(action), method: .get, fields: fields.map { FormField(kind: .text, name: $0.name, value: $0.value) })
        let url = FormSubmission.request(for: form, fields: form.fields, submitter: nil).url
        return try Self.webAddress(url.absoluteString)
    }

    /// `text` as an http or https URL this reader will read; why not, otherwise.
    public static func webAddress(_ text: String) throws(BrowserError) -> URL {
        guard text.utf8.count <= maximumAddressLength else { throw .addressTooLong(length: text.utf8.count, limit: maximumAddressLength) }
        guard let url = URL(string: text), url.scheme != nil else { throw .invalidAddress(text) }
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { throw .notWebAddress(url: url) }
        guard let host = url.host, !host.isEmpty else { throw .invalidAddress(text) }
        return url
    }

    // MARK: - Reading

    /// Reads `url` simplified for the reader, and records the visit when `recording` (the
    /// visitor's own read, not one another site asked for).
    public func read(_ url: URL, recording: Bool = true) async throws(BrowserError) -> Reading {
        let (reader, work) = (reader, work)
        let (resource, read) = try await loader.load(PageRequest(url: try Self.webAddress(url.absoluteString))) { resource throws(BrowserError) in
            try Self.checkReadable(resource)
            let read = await work.run { reader.readerPage(resource.body, contentType: resource.contentType, url: resource.url) }
            return ((read.page, read.charset), read.refresh)
        }
        let problem = recording ? await pages.record(resource.url, title: read.0.title, at: now()) : nil
        return Reading(page: read.0, url: resource.url, status: resource.status, size: resource.body.count, redirects: resource.redirects,
                       charset: read.1, historyProblem: problem, isRecorded: recording)
    }

    /// Reads `url` laid out as text (its lines and numbered links) and for its article (nil for
    /// what is not HTML), and records the visit when `recording`.
    public func readText(_ url: URL, recording: Bool = true) async throws(BrowserError) -> (page: PageViewModel, article: ReadArticle?) {
        let (reader, work) = (reader, work)
        let read = try await loader.load(PageRequest(url: try Self.webAddress(url.absoluteString))) { resource throws(BrowserError) in
            try Self.checkReadable(resource)
            let read = await work.run { reader.readWithArticle(resource.body, contentType: resource.contentType, url: resource.url) }
            let page = PageViewModel(resource: resource, read: read.result)
            return ((page, read.article), page.page.refresh)
        }.page
        if recording { _ = await pages.record(read.0.url, title: read.0.page.title, at: now()) }
        return (read.0, read.1)
    }

    private static func checkReadable(_ resource: LoadedResource) throws(BrowserError) {
        guard PageReader.isReadable(contentType: resource.contentType) else {
            throw .notText(url: resource.url, contentType: resource.contentType ?? "")
        }
    }
}
