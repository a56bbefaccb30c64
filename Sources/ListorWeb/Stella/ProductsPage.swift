import Foundation
import ListorKit
import Stella

/// What `stella/products.mustache` shows: a department's product grid with its filter form and pages.
struct ProductsPage: Encodable {
    struct Card: Encodable {
        let code: String
        let brand: String
        let name: String
        let price: String
        let fullPrice: String?
        let discount: String?
        let thumbnail: String
        let isSoldOut: Bool
    }

    struct PriceField: Encodable {
        let name: String
        let label: String
        let value: String
        let error: String?
    }

    let title: String
    let path: String
    let sorts: HTMLFragment
    let sizes: HTMLFragment
    let colours: HTMLFragment
    let prices: [PriceField]
    let hasErrors: Bool
    let errorList: [String]
    let summary: String
    let products: [Card]
    let hasProducts: Bool
    let page: Int
    let pageCount: Int
    let previous: String?
    let next: String?

    init(_ list: ProductListViewModel, input: [String: String], errors: [FieldError], templates: Templates) throws {
        let (department, result, query, facets) = (list.department, list.page, list.query, list.page.facets)
        title = department.name
        path = "/stella/\(department.id)"
        func error(_ field: String) -> String? { errors.first { $0.field == field }?.message }
        sorts = try templates.options(CatalogueQuery.Sort.allCases.map { Choice(value: $0 == .relevance ? "" : $0.rawValue, label: $0.label, selected: $0 == query.sort) })
        sizes = try templates.options([Choice(value: "", label: "Any size", selected: query.size == nil)]
            + facets.sizes.map { Choice(value: $0, label: $0, selected: query.size?.caseInsensitiveCompare($0) == .orderedSame) })
        colours = try templates.options([Choice(value: "", label: "Any colour", selected: query.colour == nil)]
            + facets.colours.map { Choice(value: $0, label: $0, selected: query.colour?.caseInsensitiveCompare($0) == .orderedSame) })
        prices = [
            PriceField(name: "min_price", label: "Min price", value: input["min_price"] ?? "", error: error("min_price")),
            PriceField(name: "max_price", label: "Max price", value: input["max_price"] ?? "", error: error("max_price")),
        ]
        hasErrors = !errors.isEmpty
        // Every refused value is named here: sort, page and per_page have no field to mark.
        errorList = errors.map(\.description)
        summary = list.summary
        products = list.cells.map {
            Card(code: $0.code, brand: $0.brand, name: $0.name, price: $0.price, fullPrice: $0.fullPrice, discount: $0.discount,
                 thumbnail: $0.thumbnail, isSoldOut: $0.isSoldOut)
        }
        hasProducts = !products.isEmpty
        page = result.page
        pageCount = result.pageCount
        // Pagination keeps every other parameter as it is in the URL, except those refused.
        let refused = Set(errors.map(\.field))
        func link(_ page: Int) -> String {
            var pairs = ["sort", "size", "colour", "min_price", "max_price", "per_page"].filter { !refused.contains($0) }.compactMap { name in
                input[name].flatMap { $0.isEmpty ? nil : (name: name, value: $0) }
            }
            if page > 1 { pairs.append((name: "page", value: "\(page)")) }
            return pairs.isEmpty ? "/stella/\(department.id)" : "/stella/\(department.id)?" + URLQuery.encode(pairs)
        }
        previous = result.page > 1 ? link(min(result.page - 1, result.pageCount)) : nil
        next = result.page < result.pageCount ? link(result.page + 1) : nil
    }
}
