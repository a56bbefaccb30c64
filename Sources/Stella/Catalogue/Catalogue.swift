import Foundation
import ListorKit

/// The store's products in memory, answering the pages' and the catalogue API's questions: its
/// departments, a department's or the whole store's products under a query, and the facets.
public struct Catalogue: Sendable {
    /// In the order they were added, oldest first.
    public let products: [Product]
    /// Each product's Type, in the order the catalogue first has it.
    public let departments: [Department]
    private let byCode: [String: Int]
    /// Each product's searchable text, folded once.
    private let keys: [SearchKey]
    /// Where each variant is: its product's index and its own among the product's.
    private let bySKU: [String: (product: Int, variant: Int)]
    /// Each product's department id and price, worked out once rather than at every page.
    private let departmentIDs: [String]
    private let prices: [Money]

    struct SearchKey: Sendable {
        let text: FoldedText
    }

    public init(products: [Product]) {
        self.products = products
        var departments: [Department] = []
        // Types that differ only in case or punctuation ("Bags", "bags") are one department, named as first seen.
        for product in products where !departments.contains(where: { $0.id == product.department.id }) { departments.append(product.department) }
        self.departments = departments
        byCode = Dictionary(products.enumerated().map { ($1.code.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        keys = products.map { product in
            SearchKey(text: FoldedText(([product.name, product.brand, product.type, product.code] + product.tags + product.variants.map(\.sku)).joined(separator: " ")))
        }
        var bySKU: [String: (product: Int, variant: Int)] = [:]
        for (index, product) in products.enumerated() {
            for (place, variant) in product.variants.enumerated() { bySKU[variant.sku] = (index, place) }
        }
        self.bySKU = bySKU
        departmentIDs = products.map(\.department.id)
        prices = products.map(\.price)
    }

    private init(products: [Product], departments: [Department], byCode: [String: Int], keys: [SearchKey], bySKU: [String: (product: Int, variant: Int)],
                 departmentIDs: [String], prices: [Money]) {
        self.products = products
        self.departments = departments
        self.byCode = byCode
        self.keys = keys
        self.bySKU = bySKU
        self.departmentIDs = departmentIDs
        self.prices = prices
    }

    /// The stock of the variant `sku` names; nil when the catalogue has none.
    public func stock(of sku: String) -> Int? {
        bySKU[sku].map { products[$0.product].variants[$0.variant].stock }
    }

    /// This catalogue with the variants' stock as `stock` gives it (SKU → stock now), and all
    /// else as it is: what orders change, put in place without building the catalogue again.
    public func updatingStock(_ stock: [String: Int]) -> Catalogue {
        var products = products
        var prices = prices
        for (sku, left) in stock {
            guard let place = bySKU[sku] else { continue }
            products[place.product].variants[place.variant].stock = left
            // The price shown is the cheapest variant in stock's.
            prices[place.product] = products[place.product].price
        }
        return Catalogue(products: products, departments: departments, byCode: byCode, keys: keys, bySKU: bySKU, departmentIDs: departmentIDs, prices: prices)
    }

    public static let bundled = Catalogue(products: CatalogueGenerator.products())

    public func product(code: String) throws(CatalogueError) -> Product {
        guard let index = byCode[code.lowercased()] else { throw .unknownProduct(code) }
        return products[index]
    }

    public func department(id: String) throws(CatalogueError) -> Department {
        guard let department = departments.first(where: { $0.id == id }) else { throw .unknownDepartment(id, known: departments.map(\.id)) }
        return department
    }

    /// A page of the department's products (the whole store's when `department` is nil) that
    /// match the query, with the facets: each size, colour, vendor and availability counted under
    /// the other filters.
    public func page(department: String?, _ query: CatalogueQuery) throws(CatalogueError) -> ProductPage {
        let scope = try department.map { id throws(CatalogueError) in try self.department(id: id) }
        let search = query.text.map(SearchQuery.init)
        // The products in scope that match the filters other than size, colour, vendor and availability.
        var candidates: [Int] = []
        for index in products.indices {
            if let scope, departmentIDs[index] != scope.id { continue }
            if let search, !search.isEmpty, !search.matches(keys[index].text) { continue }
            if let low = query.minPrice, prices[index] < low { continue }
            if let high = query.maxPrice, prices[index] > high { continue }
            candidates.append(index)
        }
        let chosen = query.options
        let vendor = query.vendor?.lowercased()
        func ofVendor(_ index: Int) -> Bool { vendor.map { products[index].brand.lowercased() == $0 } ?? true }
        func available(_ index: Int) -> Bool { query.availability?.includes(products[index]) ?? true }
        func inOptions(_ index: Int) -> Bool { chosen.isEmpty || products[index].isAvailable(in: chosen) }
        var matching = candidates.filter { ofVendor($0) && available($0) && inOptions($0) }
        switch query.sort {
        case .relevance: break
        case .priceAscending: matching.sort { (prices[$0], $0) < (prices[$1], $1) }
        case .priceDescending: matching.sort { (prices[$0], $1) > (prices[$1], $0) }
        case .newest: matching.reverse()
        }
        // A page past the last is the last, as in every list.
        let page = min(query.page, max(1, (matching.count + query.perPage - 1) / query.perPage))
        let start = min(matching.count, (page - 1) * query.perPage)
        let end = min(matching.count, start + query.perPage)
        return ProductPage(products: matching[start..<end].map { products[$0] }, total: matching.count, page: page, perPage: query.perPage,
                           facets: facets(of: candidates, chosen: chosen, ofVendor: ofVendor, available: available, inOptions: inOptions))
    }

    /// Each filter's values counted under the other filters: sizes and colours under the vendor
    /// and availability, vendors under the rest, availability under the rest.
    private func facets(of candidates: [Int], chosen: [ProductOption.Kind: String], ofVendor: (Int) -> Bool, available: (Int) -> Bool,
                        inOptions: (Int) -> Bool) -> CatalogueFacets {
        let inStock = candidates.filter { ofVendor($0) && inOptions($0) }
        let stocked = inStock.count { !products[$0].isSoldOut }
        return CatalogueFacets(candidates.filter { ofVendor($0) && available($0) }.map { products[$0] }, chosen: chosen,
                               vendors: CatalogueFacets.vendors(of: candidates.map { (products[$0], available($0) && inOptions($0)) }),
                               availability: [CatalogueFacets.Value(CatalogueQuery.Availability.inStock.rawValue, count: stocked),
                                              CatalogueFacets.Value(CatalogueQuery.Availability.soldOut.rawValue, count: inStock.count - stocked)])
    }
}
