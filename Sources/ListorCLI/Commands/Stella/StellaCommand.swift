import ArgumentParser
import Stella

/// `listor stella …`: Stella (seed 004) in the terminal, on the store's catalogue or a
/// catalogue API (`--server`).
struct StellaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stella",
        abstract: "A fashion store: departments, products and a search, a product and its stock; importing a catalogue, and the orders.",
        subcommands: [StellaDepartments.self, StellaProducts.self, StellaShow.self, StellaImport.self, StellaOrders.self],
        defaultSubcommand: StellaDepartments.self)
}

extension CatalogueQuery.Sort: ExpressibleByArgument {}
