import Foundation
import ListorKit

/// What the product list asks for: a page, an order and filters, as the catalogue API's query
/// parameters carry them.
public struct CatalogueQuery: Sendable, Hashable {
    public enum Sort: String, Sendable, CaseIterable {
        case relevance
        case priceAscending = "price-asc"
        case priceDescending = "price-desc"
        case newest

        public var label: String {
            switch self {
            case .relevance: "Relevance"
            case .priceAscending: "Price: low to high"
            case .priceDescending: "Price: high to low"
            case .newest: "Newest"
            }
        }
    }

    /// Whether a product can be had: in stock in some variant, or sold out in all.
    public enum Availability: String, Sendable, CaseIterable {
        case inStock = "in-stock"
        case soldOut = "sold-out"

        public var label: String { self == .inStock ? "In stock" : "Sold out" }

        /// Whether `product` is one this shows.
        public func includes(_ product: Product) -> Bool { (self == .soldOut) == product.isSoldOut }
    }

    public static let maximumPerPage = 100

    public var page: Int
    public var perPage: Int
    public var sort: Sort
    /// Words every product shown has in its name, brand, department, tags or SKUs.
    public var text: String?
    /// Only products with a variant in stock in this size (and colour, when both are chosen).
    public var size: String?
    public var colour: String?
    public var minPrice: Money?
    public var maxPrice: Money?
    /// Only products of this vendor (the brand), in any case.
    public var vendor: String?
    /// Only products in stock, or only the sold out.
    public var availability: Availability?

    public init(page: Int = 1, perPage: Int = 24, sort: Sort = .relevance, text: String? = nil, size: String? = nil, colour: String? = nil,
                minPrice: Money? = nil, maxPrice: Money? = nil, vendor: String? = nil, availability: Availability? = nil) {
        self.page = page
        self.perPage = perPage
        self.sort = sort
        self.text = text
        self.size = size
        self.colour = colour
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.vendor = vendor
        self.availability = availability
    }

    /// The size and colour filters, by kind.
    public var options: [ProductOption.Kind: String] {
        var options: [ProductOption.Kind: String] = [:]
        options[.size] = size
        options[.colour] = colour
        return options
    }

    /// The parameters' names, as `parse` reads them.
    public static let parameterNames = ["q", "page", "per_page", "sort", "size", "colour", "min_price", "max_price", "vendor", "availability"]

    /// The query from parameters by name (`q`, `page`, `per_page`, `sort`, `size`, `colour`,
    /// `min_price`, `max_price`, `vendor`, `availability`); each bad one is reported and left at
    /// its default.
    public static func parse(_ parameter: @escaping (String) -> String?) -> (CatalogueQuery, [FieldError]) {
        var reader = ParameterReader(parameter)
        var query = CatalogueQuery()
        func price(_ name: String) -> Money? {
            guard let value = reader.text(name) else { return nil }
            guard let money = Money(major: value) else {
                reader.refuse(name, "\"\(value.prefix(20))\" is not a price; write it like 50 or 49.90")
                return nil
            }
            return money
        }
        query.page = reader.count("page", 1...100_000) ?? 1
        query.perPage = reader.count("per_page", 1...maximumPerPage) ?? 24
        query.sort = reader.choice("sort", Sort.self) ?? query.sort
        query.text = reader.text("q").map { String($0.prefix(200)) }
        query.size = reader.text("size")
        query.colour = reader.text("colour")
        query.minPrice = price("min_price")
        query.maxPrice = price("max_price")
        query.vendor = reader.text("vendor").map { String($0.prefix(200)) }
        query.availability = reader.choice("availability", Availability.self)
        if let low = query.minPrice, let high = query.maxPrice, low > high {
            reader.refuse("max_price", "is below min_price")
            query.maxPrice = nil
        }
        return (query, reader.errors)
    }
}
