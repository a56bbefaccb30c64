import Foundation

/// A page the reader chose to keep, by URL, with its title when it was kept.
public struct Bookmark: Sendable, Hashable, Identifiable {
    public var url: URL
    public var title: String
    public var added: Date

    public var id: URL { url }

    public init(url: URL, title: String, added: Date) {
        self.url = url
        self.title = title
        self.added = added
    }
}
