import Foundation
import ListorKit

/// The store's products in memory, answering the catalogue API's questions.
public struct Catalogue: Sendable {
    public let products: [Product]
    private let byCode: [String: Product]
    private let facets: [String: CatalogueFacets]

    public init(products: [Product]) {
        self.products = products
        byCode = Dictionary(products.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        facets = Dictionary(grouping: products, by: \.departmentID).mapValues(CatalogueFacets.init(products:))
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
        // A page past the last is the last, as in every list.
        let page = min(query.page, max(1, (matching.count + query.perPage - 1) / query.perPage))
        let start = min(matching.count, (page - 1) * query.perPage)
        let end = min(matching.count, start + query.perPage)
        return ProductPage(products: Array(matching[start..<end]), total: matching.count, page: page, perPage: query.perPage,
                           facets: facets[department] ?? CatalogueFacets(sizes: [], colours: []))
    }
}
