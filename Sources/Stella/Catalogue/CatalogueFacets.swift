import Foundation
import ListorKit

/// The sizes and colours of the products in view, each with how many products it would show
/// under the other filters chosen: a colour's count is the number of products in stock in that
/// colour in the chosen size (and price, and search).
public struct CatalogueFacets: Sendable, Hashable {
    public struct Value: Sendable, Hashable {
        public var value: String
        public var count: Int

        public init(_ value: String, count: Int) {
            self.value = value
            self.count = count
        }
    }

    public let sizes: [Value]
    public let colours: [Value]

    public init(sizes: [Value], colours: [Value]) {
        self.sizes = sizes
        self.colours = colours
    }

    /// The facets of `products` (already filtered by everything but size and colour) when
    /// `chosen` are the size and colour filters. Sizes in the order the products first have
    /// them, colours alphabetically.
    public init(_ products: [Product], chosen: [ProductOption.Kind: String]) {
        func values(_ kind: ProductOption.Kind) -> [Value] {
            var names: [String] = []
            var seen = Set<String>()
            for product in products {
                for value in product.values(of: kind) where seen.insert(value.lowercased()).inserted { names.append(value) }
            }
            if kind == .colour { names.sort() }
            var others = chosen
            others[kind] = nil
            return names.map { name in
                var filter = others
                filter[kind] = name
                return Value(name, count: products.count { $0.isAvailable(in: filter) })
            }
        }
        self.init(sizes: values(.size), colours: values(.colour))
    }

    public func values(_ kind: ProductOption.Kind) -> [Value] {
        kind == .size ? sizes : colours
    }

    /// A size or colour the query filters by that the products in view never come in, named
    /// with those they do: "XXL" would otherwise just find nothing.
    public func refusals(of query: CatalogueQuery, in scope: String) -> [FieldError] {
        ProductOption.Kind.allCases.compactMap { kind in
            let field = kind == .size ? "size" : "colour"
            let offered = values(kind).map(\.value)
            guard let value = query.options[kind], !offered.contains(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) else { return nil }
            let list = offered.isEmpty ? "it has none" : "its \(field)s are " + offered.joined(separator: ", ")
            return FieldError(field: field, message: "\"\(value.prefix(40))\" is not a \(field) of \(scope); \(list)")
        }
    }
}
