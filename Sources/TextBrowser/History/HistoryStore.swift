import Foundation

/// Where the history and the bookmarks live. `TextBrowserSQLite` has the SQLite one; the
/// composition root picks it. Implementations throw `HistoryError` and nothing else.
public protocol HistoryStore: Sendable {
    /// Records one visit to `url` in one transaction: the page, and its host, each stored once.
    func recordVisit(url: URL, title: String?, at date: Date) async throws
    /// Records a visit to a host alone (the seed's `visit(host:)`), keeping its priority.
    func recordHost(_ address: String, title: String?, at date: Date) async throws
    /// Every host, highest priority first, then the most recently visited.
    func hosts() async throws -> [VisitedHost]
    /// A host's pages, newest first; empty for a host never visited.
    func pages(ofHost address: String) async throws -> [VisitedPage]
    /// Pages whose title or URL contains `text` (ignoring case), newest first.
    func searchPages(_ text: String) async throws -> [VisitedPage]
    /// Moves a host up (positive) or down the list; false when there is no such host.
    func changePriority(ofHost address: String, by delta: Int) async throws -> Bool
    /// Forgets a host and all its pages; false when there was none.
    func forgetHost(_ address: String) async throws -> Bool
    /// Forgets one page (and its host, when that was its last page); false when there was none.
    func forgetPage(_ url: URL) async throws -> Bool
    func addBookmark(_ bookmark: Bookmark) async throws
    /// Bookmarks, newest first.
    func bookmarks() async throws -> [Bookmark]
    func removeBookmark(_ url: URL) async throws -> Bool
}
