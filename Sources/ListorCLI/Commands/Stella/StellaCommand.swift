import ArgumentParser
import Stella

/// `listor stella …`: Stella (seed 004) in the terminal, on the bundled catalogue or a
/// catalogue API (`--server`).
struct StellaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stella",
        abstract: "A fashion store: departments, their products, a product; importing a catalogue, and the orders.",
        subcommands: [StellaDepartments.self, StellaProducts.self, StellaShow.self, StellaImport.self, StellaOrders.self],
        defaultSubcommand: StellaDepartments.self)
}

extension CatalogueQuery.Sort: ExpressibleByArgument {}
