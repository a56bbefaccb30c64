import Foundation
import ListorKit

/// One page of a department's products, how many match in all, and the sizes and colours the
/// department has for its filters.
public struct ProductPage: Sendable, Hashable {
    public var products: [Product]
    public var total: Int
    public var page: Int
    public var perPage: Int
    public var facets: CatalogueFacets
    /// Products a remote catalogue sent that could not be read; the others are on the page.
    public var problems: [Problem]

    public init(products: [Product], total: Int, page: Int, perPage: Int, facets: CatalogueFacets = CatalogueFacets(sizes: [], colours: []),
                problems: [Problem] = []) {
        self.products = products
        self.total = total
        self.page = page
        self.perPage = perPage
        self.facets = facets
        self.problems = problems
    }

    public var pageCount: Int { max(1, (total + perPage - 1) / perPage) }

    /// "25–48 of 80 products", or "No products".
    public var summary: String {
        guard total > 0, !products.isEmpty else { return total == 0 ? "No products" : "None on page \(page) of \(total) products" }
        let first = (page - 1) * perPage + 1
        return "\(first)–\(first + products.count - 1) of \(total) products"
    }
}
