import Foundation
import ListorKit

/// The sizes, colours, vendors and availability of the products in view, each with how many
/// products it would show under the other filters chosen: a colour's count is the number of
/// products in stock in that colour in the chosen size (and vendor, price, search); a vendor's,
/// its products under every filter but the vendor.
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
    /// Alphabetically.
    public let vendors: [Value]
    /// "in-stock" and "sold-out".
    public let availability: [Value]

    public init(sizes: [Value], colours: [Value], vendors: [Value] = [], availability: [Value] = []) {
        self.sizes = sizes
        self.colours = colours
        self.vendors = vendors
        self.availability = availability
    }

    /// The facets of `products` (already filtered by everything but size and colour) when
    /// `chosen` are the size and colour filters. Sizes in the order the products first have
    /// them, colours alphabetically.
    ///
    /// One pass over the variants per kind: each product adds one to every value it has a
    /// variant in stock in (under the other filter), so that a product of 10,000 sizes costs
    /// 10,000 steps, not 10,000 × 10,000 (a page a visitor could make everyone wait for).
    public init(_ products: [Product], chosen: [ProductOption.Kind: String], vendors: [Value] = [], availability: [Value] = []) {
        let wanted = chosen.mapValues { $0.lowercased() }
        func values(_ kind: ProductOption.Kind) -> [Value] {
            let other: ProductOption.Kind = kind == .size ? .colour : .size
            var names: [String] = [], counts: [Int] = []
            var slots: [String: Int] = [:]
            var counted = Set<Int>()
            for product in products {
                guard let index = product.optionIndex(kind) else { continue }
                for value in product.options[index].values {
                    let key = value.lowercased()
                    if slots[key] == nil {
                        slots[key] = names.count
                        names.append(value)
                        counts.append(0)
                    }
                }
                let otherIndex = product.optionIndex(other)
                if wanted[other] != nil, otherIndex == nil { continue }
                counted.removeAll(keepingCapacity: true)
                for variant in product.variants where variant.isAvailable && index < variant.values.count {
                    if let value = wanted[other], let otherIndex {
                        guard otherIndex < variant.values.count, variant.values[otherIndex].lowercased() == value else { continue }
                    }
                    if let slot = slots[variant.values[index].lowercased()] { counted.insert(slot) }
                }
                for slot in counted { counts[slot] += 1 }
            }
            var result = zip(names, counts).map { Value($0, count: $1) }
            if kind == .colour { result.sort { $0.value < $1.value } }
            return result
        }
        self.init(sizes: values(.size), colours: values(.colour), vendors: vendors, availability: availability)
    }

    /// The vendors of `products`, each with how many of them it would show (those `counted`,
    /// under every filter but the vendor's); a vendor with none counted is there with 0.
    static func vendors(of products: [(product: Product, counted: Bool)]) -> [Value] {
        var counts: [String: (name: String, count: Int)] = [:]
        for (product, counted) in products where !product.brand.isEmpty {
            counts[product.brand.lowercased(), default: (product.brand, 0)].count += counted ? 1 : 0
        }
        return counts.values.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }.map { Value($0.name, count: $0.count) }
    }

    public func values(_ kind: ProductOption.Kind) -> [Value] {
        kind == .size ? sizes : colours
    }

    /// A size, colour or vendor the query filters by that the products in view never have, named
    /// with those they do: "XXL" would otherwise just find nothing.
    public func refusals(of query: CatalogueQuery, in scope: String) -> [FieldError] {
        var refused = ProductOption.Kind.allCases.compactMap { kind -> FieldError? in
            let field = kind == .size ? "size" : "colour"
            let offered = values(kind).map(\.value)
            guard let value = query.options[kind], !offered.contains(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) else { return nil }
            let list = offered.isEmpty ? "it has none" : "its \(field)s are " + offered.joined(separator: ", ")
            return FieldError(field: field, message: "\"\(value.prefix(40))\" is not a \(field) of \(scope); \(list)")
        }
        if let vendor = query.vendor, !vendors.contains(where: { $0.value.caseInsensitiveCompare(vendor) == .orderedSame }) {
            let list = vendors.isEmpty ? "it has none" : "its vendors are " + vendors.map(\.value).joined(separator: ", ")
            refused.append(FieldError(field: "vendor", message: "\"\(vendor.prefix(40))\" is not a vendor of \(scope); \(list)"))
        }
        return refused
    }
}
