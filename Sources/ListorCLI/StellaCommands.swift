import ArgumentParser
import Foundation
import ListorHTTPClient
import ListorKit
import Stella

/// `listor stella …`: Stella (seed 004) in the terminal, on the bundled catalogue or a
/// catalogue API (`--server`).
struct StellaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stella",
        abstract: "A fashion store: departments, their products, and a product.",
        subcommands: [StellaDepartments.self, StellaProducts.self, StellaShow.self],
        defaultSubcommand: StellaDepartments.self)
}

struct CatalogueSource: ParsableArguments {
    @Option(help: ArgumentHelp("A catalogue API, e.g. http://127.0.0.1:8080/stella/api (default: the bundled catalogue).", valueName: "url"))
    var server: String?

    func validate() throws {
        if let server {
            guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--server: \"\(server)\" is not an http:// or https:// URL")
            }
        }
    }

    /// Runs `body` with a way to load pages and products: over HTTP, or from the bundled catalogue.
    func run(_ environment: CommandEnvironment, _ body: @Sendable (_ page: @Sendable (String, CatalogueQuery) async throws -> ProductPage,
                                                                  _ product: @Sendable (String) async throws -> Product) async throws -> Void) async throws {
        do {
            if let server, let base = URL(string: server) {
                try await withLiveHTTPTransport { transport in
                    try await body({ try await ProductsDataProvider(baseURL: base, department: $0, query: $1, transport: transport).load() },
                                   { try await ProductDetailProvider(baseURL: base, code: $0, transport: transport).load() })
                }
            } else {
                let catalogue = Catalogue.bundled
                try await body({ try catalogue.page(department: $0, $1) }, { try catalogue.product(code: $0) })
            }
        } catch let error as CatalogueError {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        } catch let error as NetworkError {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        }
    }
}

struct StellaDepartments: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "departments", abstract: "List the departments.")

    func run(in environment: CommandEnvironment) async throws {
        let source = ListDataSource.departments(try await DepartmentDataProvider().load())
        environment.write(source.viewModels.map { "\($0.id.padding(toLength: 14, withPad: " ", startingAt: 0))\($0.title)" }.joined(separator: "\n") + "\n")
    }
}

extension CatalogueQuery.Sort: ExpressibleByArgument {}

struct StellaProducts: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "products", abstract: "List a department's products, a page at a time.")

    @OptionGroup var source: CatalogueSource
    @Argument(help: "ready-to-wear, accessories, beauty or lingerie.")
    var department: String
    @Option(help: "relevance, price-asc, price-desc or newest.")
    var sort: CatalogueQuery.Sort = .relevance
    @Option(help: "The page, from 1.")
    var page = 1
    @Option(help: "Products per page (1 to 100).")
    var perPage = 24
    @Option(help: "Only products with this size available.")
    var size: String?
    @Option(help: "Only products in this colour.")
    var colour: String?
    @Option(help: ArgumentHelp("The lowest price, e.g. 50 or 49.90.", valueName: "price"))
    var minPrice: String?
    @Option(help: ArgumentHelp("The highest price.", valueName: "price"))
    var maxPrice: String?

    func run(in environment: CommandEnvironment) async throws {
        let values: [String: String] = ["page": "\(page)", "per_page": "\(perPage)", "sort": sort.rawValue, "size": size ?? "", "colour": colour ?? "",
                                        "min_price": minPrice ?? "", "max_price": maxPrice ?? ""]
        let (query, errors) = CatalogueQuery.parse { values[$0] }
        if !errors.isEmpty {
            throw ValidationError(errors.map { "--\($0.field.replacingOccurrences(of: "_", with: "-")): \($0.message)" }.joined(separator: "\n"))
        }
        let department = department
        try await source.run(environment) { loadPage, _ in
            let result = try await loadPage(department, query)
            let rows = ListDataSource.products(result.products).viewModels.map { cell in
                [cell.code, cell.brand, cell.isSoldOut ? cell.name + " (sold out)" : cell.name, cell.discount.map { "\(cell.price) (\($0))" } ?? cell.price]
            }
            let columns = [TextTable.Column(title: "CODE"), TextTable.Column(title: "BRAND"), TextTable.Column(title: "NAME", flexible: true),
                           TextTable.Column(title: "PRICE", rightAligned: true)]
            let table = rows.isEmpty ? "No products match." : TextTable(columns: columns, rows: rows).render()
            environment.write(table + "\nPage \(result.page) of \(result.pageCount), \(result.total) products\n")
        }
    }
}

struct StellaShow: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a product: prices, sizes, colours.")

    @OptionGroup var source: CatalogueSource
    @Argument(help: "The product code, e.g. ST100000.")
    var code: String

    func run(in environment: CommandEnvironment) async throws {
        let code = code
        try await source.run(environment) { _, loadProduct in
            let detail = ProductDetailViewModel(product: try await loadProduct(code))
            let product = detail.product
            var lines = [detail.title, detail.category, ""]
            lines.append(detail.fullPrice.map { "\(detail.price), was \($0) (\(detail.discount ?? ""))" } ?? detail.price)
            lines.append(detail.availability)
            lines.append("Sizes: " + product.sizes.map { $0.isAvailable ? $0.name : "\($0.name) (none left)" }.joined(separator: ", "))
            lines.append("Colours: " + product.colours.map(\.name).joined(separator: ", "))
            environment.write(lines.joined(separator: "\n") + "\n")
        }
    }
}
