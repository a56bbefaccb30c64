/// A picture of a product from a catalogue file: where it is, its place among the product's
/// pictures, and the text that stands for it.
public struct ProductPicture: Sendable, Hashable {
    public var source: String
    /// From 1.
    public var position: Int
    public var alt: String

    public init(source: String, position: Int, alt: String) {
        self.source = source
        self.position = position
        self.alt = alt
    }
}
