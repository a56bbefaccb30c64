/// A syntax error in a JSON text, with the 1-based line and column where it was found.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
