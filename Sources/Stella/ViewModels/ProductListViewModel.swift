import Foundation
import ListorKit

/// A department's products, a page at a time: the cells of the page, the query that chose them,
/// the department's sizes and colours for the filters, and how far through the list the page is.
public struct ProductListViewModel: Sendable {
    public let department: Department
    public let query: CatalogueQuery
    public let page: ProductPage

    public init(department: Department, query: CatalogueQuery, page: ProductPage) {
        self.department = department
        self.query = query
        self.page = page
    }

    /// The reader opens a department with a query (a page, an order, filters). Throws
    /// `CatalogueError.unknownDepartment` for a department the catalogue does not have.
    public static func load(department id: String, query: CatalogueQuery, from catalogue: CatalogueClient) async throws -> ProductListViewModel {
        async let departments = catalogue.departments()
        async let page = catalogue.page(id, query)
        guard let department = try await departments.first(where: { $0.id == id }) else { throw CatalogueError.unknownDepartment(id) }
        return ProductListViewModel(department: department, query: query, page: try await page)
    }

    /// The page's products as their cells show them.
    public var cells: [any ProductCellViewModelInterface] { ListDataSource.products(page.products).viewModels }

    /// "25–48 of 80 products".
    public var summary: String { page.summary }

    /// "Page 2 of 4, 80 products".
    public var position: String { "Page \(page.page) of \(page.pageCount), \(page.total) products" }

    /// Products the catalogue sent that could not be read; the page shows the others.
    public var problems: [Problem] { page.problems }
}
