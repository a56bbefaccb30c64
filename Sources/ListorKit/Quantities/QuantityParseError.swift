import Foundation

/// Why a quantity could not be read; the message shows what was typed and what was expected.
public struct QuantityParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var text: String
    public var unit: PhysicalUnit
    public var reason: String

    public var description: String {
        "\"\(text)\" is not \(unit.quantityName): \(reason) (examples: \(Quantity.examples(for: unit)))"
    }
}
