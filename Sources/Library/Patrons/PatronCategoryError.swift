/// A category the library's settings give that cannot be read.
public struct PatronCategoryError: Error, CustomStringConvertible {
    public let text: String
    public let reason: String

    public var description: String { "\"\(text.prefix(80))\": \(reason)" }
}
