/// A way a product varies, and its values in order: "Size": S, M, L.
public struct ProductOption: Sendable, Hashable {
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}
