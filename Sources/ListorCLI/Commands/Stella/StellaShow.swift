import ArgumentParser
import Stella

struct StellaShow: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a product: prices, sizes, colours.")

    @OptionGroup var source: CatalogueSource
    @Argument(help: "The product code, e.g. ST100000.")
    var code: String

    func run(in environment: CommandEnvironment) async throws {
        let code = code
        let detail = try await source.withCatalogue { try await ProductDetailViewModel.load(code: code, from: $0) }
        let product = detail.product
        var lines = [detail.title, detail.category, ""]
        lines.append(detail.fullPrice.map { "\(detail.price), was \($0) (\(detail.discount ?? ""))" } ?? detail.price)
        lines.append(detail.availability)
        lines.append("Sizes: " + product.sizes.map { $0.isAvailable ? $0.name : "\($0.name) (none left)" }.joined(separator: ", "))
        lines.append("Colours: " + product.colours.map(\.name).joined(separator: ", "))
        environment.write(lines.joined(separator: "\n") + "\n")
    }
}
