/// Why a file is not an S-expression, and where.
public struct SExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}
