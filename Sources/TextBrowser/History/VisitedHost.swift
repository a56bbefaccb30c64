import Foundation

/// A host the reader has visited (the seed's `Host`; renamed so as not to clash with Foundation's), as the seed's history keeps it: stored once by its address,
/// with a name derived from the address, the last page title seen there, and a priority the
/// reader moves up or down, which revisiting does not reset.
public struct VisitedHost: Sendable, Hashable, Identifiable {
    /// The host name, in lower case ("www.python.org"); the host's identity.
    public var address: String
    public var lastTitle: String?
    public var priority: Int
    public var visitCount: Int
    public var firstVisit: Date
    public var lastVisit: Date
    /// How many of its pages the history holds.
    public var pageCount: Int

    public var id: String { address }

    /// "Python" for www.python.org.
    public var name: String { HostNaming.displayName(for: address) }

    public init(address: String, lastTitle: String? = nil, priority: Int = 0, visitCount: Int = 1, firstVisit: Date, lastVisit: Date, pageCount: Int = 1) {
        self.address = address.lowercased()
        self.lastTitle = lastTitle
        self.priority = priority
        self.visitCount = visitCount
        self.firstVisit = firstVisit
        self.lastVisit = lastVisit
        self.pageCount = pageCount
    }
}
