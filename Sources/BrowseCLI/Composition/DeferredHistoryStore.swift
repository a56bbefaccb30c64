import Foundation
import ListorCommandKit
import TextBrowser

/// The history store for `listor browse --no-history`: opened the first time the reader asks
/// for the history or the bookmarks, so that reading a page (`--dump`) never opens the
/// database. A store that cannot be opened says so then, as a `HistoryError`.
actor DeferredHistoryStore: HistoryStore {
    private let open: @Sendable () throws -> any HistoryStore
    private var opened: (any HistoryStore)?

    init(_ open: @escaping @Sendable () throws -> any HistoryStore) {
        self.open = open
    }

    private func store() throws(HistoryError) -> any HistoryStore {
        if let opened { return opened }
        do {
            let store = try open()
            opened = store
            return store
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError("open the history", reason: "\(error)")
        }
    }

    func recordVisit(url: URL, title: String?, at date: Date) async throws {
        try await store().recordVisit(url: url, title: title, at: date)
    }

    func recordHost(_ address: String, title: String?, at date: Date) async throws {
        try await store().recordHost(address, title: title, at: date)
    }

    func hosts() async throws -> [VisitedHost] {
        try await store().hosts()
    }

    func pages(ofHost address: String) async throws -> [VisitedPage] {
        try await store().pages(ofHost: address)
    }

    func searchPages(_ text: String) async throws -> [VisitedPage] {
        try await store().searchPages(text)
    }

    func changePriority(ofHost address: String, by delta: Int) async throws -> Bool {
        try await store().changePriority(ofHost: address, by: delta)
    }

    func forgetHost(_ address: String) async throws -> Bool {
        try await store().forgetHost(address)
    }

    func forgetPage(_ url: URL) async throws -> Bool {
        try await store().forgetPage(url)
    }

    func addBookmark(_ bookmark: Bookmark) async throws {
        try await store().addBookmark(bookmark)
    }

    func bookmarks() async throws -> [Bookmark] {
        try await store().bookmarks()
    }

    func removeBookmark(_ url: URL) async throws -> Bool {
        try await store().removeBookmark(url)
    }
}
