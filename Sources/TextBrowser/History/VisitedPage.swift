import Foundation

/// A page the reader has visited, stored once by its URL (without the `#fragment`).
public struct VisitedPage: Sendable, Hashable, Identifiable {
    public var url: URL
    public var title: String?
    public var visitCount: Int
    public var firstVisit: Date
    public var lastVisit: Date

    public var id: URL { url }
    /// The host the page belongs to, in lower case.
    public var hostAddress: String { url.host?.lowercased() ?? "" }
    /// The title, or the URL when the page had none (as the seed shows it).
    public var displayTitle: String { title ?? url.absoluteString }

    public init(url: URL, title: String? = nil, visitCount: Int = 1, firstVisit: Date, lastVisit: Date) {
        self.url = url.removingFragment
        self.title = title
        self.visitCount = visitCount
        self.firstVisit = firstVisit
        self.lastVisit = lastVisit
    }
}
