import Foundation
import ListorKit

/// A department's products, or the whole store's when searching, a page at a time: the cells of
/// the page, the query that chose them, the sizes and colours in view with their counts for the
/// filters, and how far through the list the page is.
public struct ProductListViewModel: Sendable {
    /// Nil for a search of the whole store.
    public let department: Department?
    public let query: CatalogueQuery
    public let page: ProductPage
    /// Filters the department cannot answer (a size or colour it never has), each named with
    /// what it has; the list is shown without them.
    public let refused: [FieldError]

    public init(department: Department?, query: CatalogueQuery, page: ProductPage, refused: [FieldError] = []) {
        self.department = department
        self.query = query
        self.page = page
        self.refused = refused
    }

    /// The reader opens a department with a query (a page, an order, filters). Throws
    /// `CatalogueError.unknownDepartment` for a department the catalogue does not have. A page
    /// past the last shows the last; a size or colour the department never has is refused by
    /// name, and the list shown without it.
    public static func load(department id: String?, query: CatalogueQuery, from catalogue: CatalogueClient) async throws -> ProductListViewModel {
        async let departments = catalogue.departments()
        async let page = catalogue.page(id, query)
        var department: Department?
        if let id {
            let known = try await departments
            guard let found = known.first(where: { $0.id == id }) else { throw CatalogueError.unknownDepartment(id, known: known.map(\.id)) }
            department = found
        }
        var asked = query
        var first: ProductPage
        do {
            first = try await page
        } catch CatalogueError.filterNotOffered {
            // A catalogue API refuses a size or colour its department never has: asked without
            // them, it tells which it has.
            (asked.size, asked.colour, asked.vendor) = (nil, nil, nil)
            first = try await catalogue.page(id, asked)
        }
        let refused = first.facets.refusals(of: query, in: department?.name ?? "the store")
        var open = query
        if refused.contains(where: { $0.field == "size" }) { open.size = nil }
        if refused.contains(where: { $0.field == "colour" }) { open.colour = nil }
        if refused.contains(where: { $0.field == "vendor" }) { open.vendor = nil }
        if open != asked { first = try await catalogue.page(id, open) }
        return ProductListViewModel(department: department, query: open, page: first, refused: refused)
    }

    /// The page's products as their cells show them.
    public var cells: [any ProductCellViewModelInterface] { ListDataSource.products(page.products).viewModels }

    /// "Ready-to-wear", or "Search: silk" for the whole store.
    public var title: String { department?.name ?? (query.text.map { "Search: \($0)" } ?? "All products") }

    /// "25–48 of 80 products".
    public var summary: String { page.summary }

    /// "Page 2 of 4, 80 products".
    public var position: String { "Page \(page.page) of \(page.pageCount), \(page.total) products" }

    /// Products the catalogue sent that could not be read; the page shows the others.
    public var problems: [Problem] { page.problems }
}
