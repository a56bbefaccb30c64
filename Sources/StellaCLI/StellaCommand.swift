import ArgumentParser
import ListorCommandKit
import ListorLauncher
import Stella

/// `listor stella …`: Stella (seed 004) in the terminal, on the store's catalogue or a
/// catalogue API (`--server`).
package struct StellaCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: CommandGroup.stella.rawValue,
        abstract: CommandGroup.stella.abstract,
        subcommands: [StellaDepartments.self, StellaProducts.self, StellaShow.self, StellaImport.self, StellaOrders.self, StellaOrder.self,
                      StellaFulfil.self, StellaCancel.self, StellaStock.self, StellaProductStatus.self, StellaExport.self],
        defaultSubcommand: StellaDepartments.self)

    package init() {}
}

extension CatalogueQuery.Sort: ExpressibleByArgument {}
