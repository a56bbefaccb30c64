import ArgumentParser
import ListorCommandKit
import Stella

struct StellaShow: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a product: prices, its variants and their stock.")

    @OptionGroup var source: CatalogueSource
    @Argument(help: "The product's code (its handle), e.g. st100000.")
    var code: String

    func run(in environment: CommandEnvironment) async throws {
        let code = code
        let detail = try await source.withCatalogue(in: environment) { try await ProductDetailViewModel.load(code: code, from: $0) }
        let product = detail.product
        var lines = [detail.title, detail.category, ""]
        lines.append(detail.fullPrice.map { "\(detail.price), was \($0) (\(detail.discount ?? ""))" } ?? detail.price)
        for option in product.options { lines.append("\(option.name): " + option.values.joined(separator: ", ")) }
        let rows = product.variants.map { variant in
            [variant.sku, variant.values.joined(separator: " / "), variant.price.formatted, !variant.tracked ? "not tracked" : variant.orderable == 0 ? "sold out" : "\(variant.stock)\(variant.oversells ? " (sells past zero)" : "")"]
        }
        let columns = [TextTable.Column(title: "SKU"), TextTable.Column(title: "VARIANT", flexible: true, isMain: true),
                       TextTable.Column(title: "PRICE", rightAligned: true), TextTable.Column(title: "STOCK", rightAligned: true)]
        environment.write(lines.joined(separator: "\n") + "\n\n" + TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
    }
}
