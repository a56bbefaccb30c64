import Foundation

/// The seed's home screen: the hosts visited, highest priority first, then the latest visited
/// (or by last visit alone), searched by name, address or last title, with the reader's
/// actions: move a host up or down, forget it.
public struct HostListViewModel: Sendable {
    public enum Order: String, Sendable, CaseIterable {
        case priority
        case lastVisit = "last-visit"
    }

    public struct Row: Sendable, Hashable {
        public var host: VisitedHost
        public var name: String
        public var address: String
        public var lastTitle: String
        public var visits: Int
        public var pages: Int
        public var priority: Int
        public var lastVisit: Date
    }

    public private(set) var rows: [Row] = []
    public private(set) var search = ""
    public private(set) var order: Order = .priority
    private var all: [VisitedHost] = []
    /// Hosts with a page whose title or URL matches the search, when it searched the pages too.
    private var pageMatches: Set<String> = []
    private let store: any HistoryStore

    public init(hosts: [VisitedHost], store: any HistoryStore) {
        all = hosts
        self.store = store
        refresh()
    }

    /// The hosts from the seed's accessor.
    public static func load(from accessor: any HostAccessor, store: any HistoryStore) async throws -> HostListViewModel {
        HostListViewModel(hosts: try await accessor.all(), store: store)
    }

    public var isEmpty: Bool { all.isEmpty }

    /// A few pages to start from when the history is empty, as the seed's home screen offered.
    public static let startingPoints = [
        "https://docs.python.org/3/", "https://en.wikipedia.org/wiki/Special:Random", "https://lite.duckduckgo.com/lite/", "https://text.npr.org/",
    ].compactMap(URL.init(string:))

    /// What the empty screen says, with a hint of what to type.
    public var emptyText: String {
        if all.isEmpty { return "No history yet. Press g and type an address (for example docs.python.org) to visit a page." }
        return "No host matches \"\(search)\"."
    }

    public mutating func search(_ text: String) {
        search = text
        pageMatches = []
        refresh()
    }

    /// Searches the hosts' names, addresses and last titles, and the titles and URLs of every
    /// page in the history.
    public mutating func searchHistory(_ text: String) async throws {
        let needle = text.trimmingCharacters(in: .whitespaces)
        let matches = needle.isEmpty ? [] : Set(try await store.searchPages(needle).map(\.hostAddress))
        search = text
        pageMatches = matches
        refresh()
    }

    public mutating func sort(by order: Order) {
        self.order = order
        refresh()
    }

    /// Moves a host one place up the list (priority + 1), and keeps it there across visits.
    public func moveUp(_ address: String) async throws -> Bool {
        try await store.changePriority(ofHost: address, by: 1)
    }

    public func moveDown(_ address: String) async throws -> Bool {
        try await store.changePriority(ofHost: address, by: -1)
    }

    /// Forgets one page, wherever it is in the history; false when it was not there.
    public func forgetPage(_ url: URL) async throws -> Bool {
        try await store.forgetPage(url)
    }

    public func forget(_ address: String) async throws -> Bool {
        try await store.forgetHost(address)
    }

    private mutating func refresh() {
        let needle = search.trimmingCharacters(in: .whitespaces)
        var hosts = all.filter { host in
            needle.isEmpty || pageMatches.contains(host.address) || [host.name, host.address, host.lastTitle ?? ""].contains {
                $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
        switch order {
        case .priority: hosts.sort { ($0.priority, $0.lastVisit) > ($1.priority, $1.lastVisit) }
        case .lastVisit: hosts.sort { $0.lastVisit > $1.lastVisit }
        }
        rows = hosts.map {
            Row(host: $0, name: $0.name, address: $0.address, lastTitle: $0.lastTitle ?? "", visits: $0.visitCount, pages: $0.pageCount,
                priority: $0.priority, lastVisit: $0.lastVisit)
        }
    }
}
