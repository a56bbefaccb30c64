/// A way a product varies, and its values in order: "Size": S, M, L.
public struct ProductOption: Sendable, Hashable {
    /// The options the store filters by, known by their names.
    public enum Kind: Sendable, Hashable, CaseIterable {
        case size, colour
    }

    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// `.size` for "Size", `.colour` for "Colour" or "Color", in any case; nil for any other.
    public var kind: Kind? {
        switch name.lowercased() {
        case "size": .size
        case "colour", "color": .colour
        default: nil
        }
    }
}
