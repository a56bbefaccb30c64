/// What changed in a store since a reader last looked: the catalogue's change number, which
/// every import moves, and each variant whose stock orders moved since, with its stock now.
/// A reader that kept the catalogue re-reads it whole only when the number moved, and
/// otherwise puts the new stock in place (`Catalogue.updatingStock(_:)`).
public struct StoreChanges: Sendable, Hashable {
    /// Moves with every change of products or variants (an import, a seed).
    public var catalogue: Int64
    /// The store's latest stock change, to ask since next time.
    public var stock: Int64
    /// The stock now of each variant whose stock moved since the change asked about.
    public var variants: [String: Int]

    public init(catalogue: Int64, stock: Int64, variants: [String: Int] = [:]) {
        self.catalogue = catalogue
        self.stock = stock
        self.variants = variants
    }
}
