import ListorKit

/// One labelled value on the detail screen.
public struct DetailRow: Sendable, Hashable, Encodable {
    public let label: String
    public let value: String
}
