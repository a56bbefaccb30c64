import ListorKit

/// One pin of the package, in pin order.
public struct PinRow: Sendable, Hashable, Encodable {
    public let number: Int
    public let letter: String
    public let terminal: String
}
