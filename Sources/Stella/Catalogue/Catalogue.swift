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

    public static let maximumPerPage = 100

    public var page: Int
    public var perPage: Int
    public var sort: Sort
    /// Only products with this size available.
    public var size: String?
    public var colour: String?
    public var minPrice: Money?
    public var maxPrice: Money?

    public init(page: Int = 1, perPage: Int = 24, sort: Sort = .relevance, size: String? = nil, colour: String? = nil,
                minPrice: Money? = nil, maxPrice: Money? = nil) {
        self.page = page
        self.perPage = perPage
        self.sort = sort
        self.size = size
        self.colour = colour
        self.minPrice = minPrice
        self.maxPrice = maxPrice
    }

    /// The query from parameters by name (`page`, `per_page`, `sort`, `size`, `colour`,
    /// `min_price`, `max_price`); each bad one is reported and left at its default.
    public static func parse(_ parameter: (String) -> String?) -> (CatalogueQuery, [FieldError]) {
        var query = CatalogueQuery()
        var errors: [FieldError] = []
        func text(_ name: String) -> String? {
            guard let value = parameter(name)?.trimmed(), !value.isEmpty else { return nil }
            return value
        }
        func count(_ name: String, _ range: ClosedRange<Int>) -> Int? {
            guard let value = text(name) else { return nil }
            guard let number = Int(value), range.contains(number) else {
                errors.append(FieldError(field: name, message: "\"\(value.prefix(20))\" is not a whole number from \(range.lowerBound) to \(range.upperBound)"))
                return nil
            }
            return number
        }
        func price(_ name: String) -> Money? {
            guard let value = text(name) else { return nil }
            guard let money = Money(major: value) else {
                errors.append(FieldError(field: name, message: "\"\(value.prefix(20))\" is not a price; write it like 50 or 49.90"))
                return nil
            }
            return money
        }
        query.page = count("page", 1...100_000) ?? 1
        query.perPage = count("per_page", 1...maximumPerPage) ?? 24
        if let sort = text("sort") {
            if let known = Sort(rawValue: sort) { query.sort = known } else {
                errors.append(FieldError(field: "sort", message: "\"\(sort.prefix(20))\" is not one of \(Sort.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
        }
        query.size = text("size")
        query.colour = text("colour")
        query.minPrice = price("min_price")
        query.maxPrice = price("max_price")
        if let low = query.minPrice, let high = query.maxPrice, low > high {
            errors.append(FieldError(field: "max_price", message: "is below min_price"))
            query.maxPrice = nil
        }
        return (query, errors)
    }
}

extension Money {
    /// "49.90" or "50" in major units; nil for anything else, negatives included.
    public init?(major text: String, currency: String = "EUR") {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let units = Int(parts[0]), units >= 0, units < 10_000_000 else { return nil }
        var cents = 0
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), parts[1].allSatisfy(\.isNumber), let value = Int(parts[1]) else { return nil }
            cents = parts[1].count == 1 ? value * 10 : value
        }
        self.init(minorUnits: units * 100 + cents, currency: currency)
    }
}

/// One page of a department's products, and how many match in all.
public struct ProductPage: Sendable, Hashable {
    public var products: [Product]
    public var total: Int
    public var page: Int
    public var perPage: Int

    public init(products: [Product], total: Int, page: Int, perPage: Int) {
        self.products = products
        self.total = total
        self.page = page
        self.perPage = perPage
    }

    public var pageCount: Int { max(1, (total + perPage - 1) / perPage) }

    /// "25–48 of 80 products", or "No products".
    public var summary: String {
        guard total > 0, !products.isEmpty else { return total == 0 ? "No products" : "None on page \(page) of \(total) products" }
        let first = (page - 1) * perPage + 1
        return "\(first)–\(first + products.count - 1) of \(total) products"
    }
}

public enum CatalogueError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownDepartment(String)
    case unknownProduct(String)
    case unknownPicture(String)

    public var description: String {
        switch self {
        case .unknownDepartment(let id):
            "there is no department \"\(id)\"; the departments are \(Departments.all.map(\.id).joined(separator: ", "))"
        case .unknownProduct(let code): "there is no product \"\(code)\""
        case .unknownPicture(let path): "there is no picture at \(path)"
        }
    }
}

/// The store's products in memory, answering the catalogue API's questions.
public struct Catalogue: Sendable {
    public let products: [Product]
    private let byCode: [String: Product]

    public init(products: [Product]) {
        self.products = products
        byCode = Dictionary(products.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public static let bundled = Catalogue(products: CatalogueGenerator.products())

    public func product(code: String) throws(CatalogueError) -> Product {
        guard let product = byCode[code.uppercased()] else { throw .unknownProduct(code) }
        return product
    }

    public func page(department: String, _ query: CatalogueQuery) throws(CatalogueError) -> ProductPage {
        guard Departments.department(id: department) != nil else { throw .unknownDepartment(department) }
        var matching = products.filter { product in
            guard product.departmentID == department else { return false }
            if let size = query.size, !product.sizes.contains(where: { $0.isAvailable && $0.name.caseInsensitiveCompare(size) == .orderedSame }) { return false }
            if let colour = query.colour, !product.colours.contains(where: { $0.name.caseInsensitiveCompare(colour) == .orderedSame }) { return false }
            if let low = query.minPrice, product.price < low { return false }
            if let high = query.maxPrice, product.price > high { return false }
            return true
        }
        switch query.sort {
        case .relevance: break
        case .priceAscending: matching.sort { ($0.price, $0.code) < ($1.price, $1.code) }
        case .priceDescending: matching.sort { ($0.price, $1.code) > ($1.price, $0.code) }
        case .newest: matching.sort { ($0.added, $1.code) > ($1.added, $0.code) }
        }
        let start = min(matching.count, (query.page - 1) * query.perPage)
        let end = min(matching.count, start + query.perPage)
        return ProductPage(products: Array(matching[start..<end]), total: matching.count, page: query.page, perPage: query.perPage)
    }
}
