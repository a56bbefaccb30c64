import ListorKit

/// A titled group of rows: ratings, package, family parameters.
public struct DetailSection: Sendable, Hashable, Encodable {
    public let title: String
    public let rows: [DetailRow]
}
