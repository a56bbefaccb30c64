import Foundation

/// Registers that do not hold a value of their format.
public struct RegisterValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
