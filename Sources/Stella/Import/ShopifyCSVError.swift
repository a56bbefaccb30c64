/// A file that cannot be read as a Shopify product CSV at all, and why.
public struct ShopifyCSVError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
