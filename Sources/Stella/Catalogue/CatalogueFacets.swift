import Foundation

/// The sizes and colours a department's products come in, for the filter form.
public struct CatalogueFacets: Sendable, Hashable {
    public let sizes: [String]
    public let colours: [String]

    public init(sizes: [String], colours: [String]) {
        self.sizes = sizes
        self.colours = colours
    }

    /// The sizes in the order the products first have them, the colours alphabetically.
    public init(products: [Product]) {
        var sizes: [String] = []
        var colours: [String] = []
        for product in products {
            for size in product.sizes where !sizes.contains(size.name) { sizes.append(size.name) }
            for colour in product.colours where !colours.contains(colour.name) { colours.append(colour.name) }
        }
        self.sizes = sizes
        self.colours = colours.sorted()
    }
}
