import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Stella

struct StellaProducts: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "products", abstract: "List a department's products, or search the whole store, a page at a time.")

    @OptionGroup var source: CatalogueSource
    @Argument(help: "A department (listor stella departments); without one, the whole store.")
    var department: String?
    @Option(help: ArgumentHelp("Only products with these words in their name, brand, department, tags or SKUs.", valueName: "words"))
    var search: String?
    @Option(help: "relevance, price-asc, price-desc or newest.")
    var sort: CatalogueQuery.Sort = .relevance
    @Option(help: "The page, from 1.")
    var page = 1
    @Option(help: "Products per page (1 to 100).")
    var perPage = 24
    @Option(help: "Only products with this size in stock (in --colour, when both are given).")
    var size: String?
    @Option(help: "Only products with this colour in stock.")
    var colour: String?
    @Option(help: "Only products of this vendor.")
    var vendor: String?
    @Option(help: "in-stock or sold-out.")
    var availability: String?
    @Option(help: ArgumentHelp("The lowest price, e.g. 50 or 49.90.", valueName: "price"))
    var minPrice: String?
    @Option(help: ArgumentHelp("The highest price.", valueName: "price"))
    var maxPrice: String?

    func run(in environment: CommandEnvironment) async throws {
        let values: [String: String] = ["q": search ?? "", "page": "\(page)", "per_page": "\(perPage)", "sort": sort.rawValue, "size": size ?? "", "colour": colour ?? "",
                                        "min_price": minPrice ?? "", "max_price": maxPrice ?? "", "vendor": vendor ?? "", "availability": availability ?? ""]
        let (query, errors) = CatalogueQuery.parse { values[$0] }
        if !errors.isEmpty {
            throw ValidationError(errors.map { "--\($0.field == "q" ? "search" : $0.field.replacingOccurrences(of: "_", with: "-")): \($0.message)" }.joined(separator: "\n"))
        }
        let department = department
        let list = try await source.withCatalogue(in: environment) { try await ProductListViewModel.load(department: department, query: query, from: $0) }
        if !list.refused.isEmpty {
            throw ValidationError(list.refused.map { "--\($0.field): \($0.message)" }.joined(separator: "\n"))
        }
        ProblemReport.warn(list.problems, one: "product", many: "products", in: environment)
        let rows = list.cells.map { cell in
            [cell.code, cell.brand, cell.isSoldOut ? cell.name + " (sold out)" : cell.name, cell.discount.map { "\(cell.price) (\($0))" } ?? cell.price]
        }
        let columns = [TextTable.Column(title: "CODE"), TextTable.Column(title: "BRAND", flexible: true), TextTable.Column(title: "NAME", flexible: true, isMain: true),
                       TextTable.Column(title: "PRICE", rightAligned: true)]
        let table = rows.isEmpty ? "No products match." : TextTable(columns: columns, rows: rows, width: environment.columns).render()
        environment.write(table + "\n" + list.position + "\n")
    }
}
