import Foundation
import ListorKit

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

    /// A size or colour the query filters by that the department's products never come in,
    /// named with those they do: "XXL" would otherwise just find nothing.
    public func refusals(of query: CatalogueQuery, in department: Department) -> [FieldError] {
        func refusal(_ field: String, _ value: String?, _ offered: [String], _ kind: String) -> FieldError? {
            guard let value, !offered.contains(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) else { return nil }
            let list = offered.isEmpty ? "it has none" : "its \(kind)s are " + offered.joined(separator: ", ")
            return FieldError(field: field, message: "\"\(value.prefix(40))\" is not a \(kind) of \(department.name); \(list)")
        }
        return [refusal("size", query.size, sizes, "size"), refusal("colour", query.colour, colours, "colour")].compactMap { $0 }
    }
}
