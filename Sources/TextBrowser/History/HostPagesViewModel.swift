import Foundation

/// A host's pages, newest first, as the seed's second screen lists them, searched by title or
/// URL; the reader can forget a page.
public struct HostPagesViewModel: Sendable {
    public let host: VisitedHost
    public private(set) var pages: [VisitedPage]
    public private(set) var search = ""
    private let all: [VisitedPage]
    private let store: any HistoryStore

    public init(host: VisitedHost, pages: [VisitedPage], store: any HistoryStore) {
        self.host = host
        all = pages.sorted { $0.lastVisit > $1.lastVisit }
        self.pages = all
        self.store = store
    }

    public static func load(_ host: VisitedHost, from accessor: any PageAccessor, store: any HistoryStore) async throws -> HostPagesViewModel {
        HostPagesViewModel(host: host, pages: try await accessor.pages(of: host), store: store)
    }

    public var title: String { "\(host.name) (\(host.address))" }

    public var emptyText: String {
        all.isEmpty ? "No pages of \(host.address) in the history." : "No page of \(host.address) matches \"\(search)\"."
    }

    public mutating func search(_ text: String) {
        search = text
        let needle = text.trimmingCharacters(in: .whitespaces)
        pages = needle.isEmpty ? all : all.filter {
            $0.displayTitle.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                || $0.url.absoluteString.range(of: needle, options: .caseInsensitive) != nil
        }
    }

    public func forget(_ page: VisitedPage) async throws -> Bool {
        try await store.forgetPage(page.url)
    }
}
