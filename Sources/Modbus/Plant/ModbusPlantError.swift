import ListorKit

/// A plant file that cannot be used, with every problem found in it.
public struct ModbusPlantError: Error, Sendable, CustomStringConvertible {
    public let problems: [Problem]

    public init(_ problems: [Problem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
