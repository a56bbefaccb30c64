import Foundation

/// Pages as the seed's accessors treat hosts: visiting a page saves it (and its host); the
/// owner gets a host's pages, newest first.
public protocol PageAccessor: Sendable {
    func visit(page: VisitedPage) async throws
    func pages(of host: VisitedHost) async throws -> [VisitedPage]
}

extension PageAccessor {
    /// Records a visit to a web page (other addresses are not history), and says why it could
    /// not when it could not: the page is shown all the same.
    func record(_ url: URL, title: String?, at date: Date) async -> HistoryError? {
        guard let host = url.host, !host.isEmpty, ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        do {
            try await visit(page: VisitedPage(url: url, title: title, firstVisit: date, lastVisit: date))
            return nil
        } catch let error as HistoryError {
            return error
        } catch {
            return HistoryError("record the visit", reason: "\(error)")
        }
    }
}

/// Pages in the history store, each stored once by URL.
public struct DefaultPageAccessor: PageAccessor {
    private let store: any HistoryStore

    public init(store: any HistoryStore) {
        self.store = store
    }

    public func visit(page: VisitedPage) async throws {
        try await store.recordVisit(url: page.url, title: page.title, at: page.lastVisit)
    }

    public func pages(of host: VisitedHost) async throws -> [VisitedPage] {
        try await store.pages(ofHost: host.address)
    }
}

/// Remembers nothing: for tests, and for browsing without history (`--no-history`).
public struct EmptyPageAccessor: PageAccessor {
    public init() {}
    public func visit(page: VisitedPage) async throws {}
    public func pages(of host: VisitedHost) async throws -> [VisitedPage] { [] }
}
