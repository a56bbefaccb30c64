/// A history request that cannot be answered, naming the field that was wrong and why.
public struct TrendQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A parameter that is not what it should be: a usage error.
        case invalid
        /// No such variable: not found.
        case unknownVariable
    }

    public let kind: Kind
    public let field: String?
    public let message: String

    public init(_ kind: Kind = .invalid, field: String?, _ message: String) {
        self.kind = kind
        self.field = field
        self.message = message
    }

    /// "from: "yesterday" is not a time …".
    public var description: String { field.map { "\($0): \(message)" } ?? message }
}
