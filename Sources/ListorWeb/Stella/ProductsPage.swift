import Foundation
import ListorKit
import Stella

/// What `stella/products.mustache` shows: a department's product grid, or a search of the whole
/// store, with its filter form (each size, colour, vendor and availability with how many products
/// it would show) and pages.
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

    let shop: StellaHeader
    let title: String
    let path: String
    let search: String
    let isSearch: Bool
    let sorts: HTMLFragment
    let sizes: HTMLFragment
    let colours: HTMLFragment
    let vendors: HTMLFragment
    let hasVendors: Bool
    let availability: HTMLFragment
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

    init(_ list: ProductListViewModel, input: [String: String], errors: [FieldError], shop: StellaHeader, templates: Templates) throws {
        let (result, query, facets) = (list.page, list.query, list.page.facets)
        self.shop = shop
        title = list.title
        path = list.department.map { "/stella/\($0.id)" } ?? "/stella/search"
        search = query.text ?? ""
        isSearch = list.department == nil
        func error(_ field: String) -> String? { errors.first { $0.field == field }?.message }
        sorts = try templates.options(CatalogueQuery.Sort.allCases.map { Choice(value: $0 == .relevance ? "" : $0.rawValue, label: $0.label, selected: $0 == query.sort) })
        // Each value with the products it would show under the other filters; one that would show
        // none is there but cannot be chosen, unless it is the one chosen.
        func choices(_ values: [CatalogueFacets.Value], chosen: String?, any: String) -> [Choice] {
            [Choice(value: "", label: any, selected: chosen == nil)] + values.map { facet in
                let selected = chosen?.caseInsensitiveCompare(facet.value) == .orderedSame
                return Choice(value: facet.value, label: "\(facet.value) (\(facet.count))", selected: selected, disabled: facet.count == 0 && !selected)
            }
        }
        sizes = try templates.options(choices(facets.sizes, chosen: query.size, any: "Any size"))
        colours = try templates.options(choices(facets.colours, chosen: query.colour, any: "Any colour"))
        vendors = try templates.options(choices(facets.vendors, chosen: query.vendor, any: "Any vendor"))
        hasVendors = facets.vendors.count > 1 || query.vendor != nil
        availability = try templates.options([Choice(value: "", label: "Any", selected: query.availability == nil)] + facets.availability.compactMap { facet in
            CatalogueQuery.Availability(rawValue: facet.value).map { kind in
                Choice(value: kind.rawValue, label: "\(kind.label) (\(facet.count))", selected: kind == query.availability, disabled: facet.count == 0 && kind != query.availability)
            }
        })
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
        let path = path
        func link(_ page: Int) -> String {
            var pairs = ["q", "sort", "size", "colour", "vendor", "availability", "min_price", "max_price", "per_page"].filter { !refused.contains($0) }.compactMap { name in
                input[name].flatMap { $0.isEmpty ? nil : (name: name, value: $0) }
            }
            if page > 1 { pairs.append((name: "page", value: "\(page)")) }
            return pairs.isEmpty ? path : path + "?" + URLQuery.encode(pairs)
        }
        previous = result.page > 1 ? link(min(result.page - 1, result.pageCount)) : nil
        next = result.page < result.pageCount ? link(result.page + 1) : nil
    }
}
