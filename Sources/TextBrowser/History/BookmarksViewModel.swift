import Foundation

/// The reader's bookmarks, newest first: add the page they are on, remove one.
public struct BookmarksViewModel: Sendable {
    public private(set) var bookmarks: [Bookmark]
    private let store: any HistoryStore
    private let now: @Sendable () -> Date

    public init(bookmarks: [Bookmark], store: any HistoryStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.bookmarks = bookmarks
        self.store = store
        self.now = now
    }

    public static func load(from store: any HistoryStore, now: @escaping @Sendable () -> Date = Date.init) async throws -> BookmarksViewModel {
        BookmarksViewModel(bookmarks: try await store.bookmarks(), store: store, now: now)
    }

    public var emptyText: String { "No bookmarks yet. Press a on a page to keep it here." }

    /// Keeps `page` (again, with its current title, if it is already kept).
    public mutating func add(_ page: PageViewModel) async throws {
        let bookmark = Bookmark(url: page.url.removingFragment, title: page.title, added: now())
        try await store.addBookmark(bookmark)
        bookmarks.removeAll { $0.url == bookmark.url }
        bookmarks.insert(bookmark, at: 0)
    }

    /// The bookmark of `address` as the list shows it; nil when there is none.
    public func bookmark(address: String) -> Bookmark? {
        guard let url = URL(string: address.trimmingCharacters(in: .whitespaces)) else { return nil }
        return bookmarks.first { $0.url == url.removingFragment }
    }

    /// Removes `bookmark` from the store; false when it was gone already. The list is read again to show it.
    public func delete(_ bookmark: Bookmark) async throws -> Bool {
        try await store.removeBookmark(bookmark.url)
    }

}
