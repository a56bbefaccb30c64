import ArgumentParser
import ListorCommandKit
import Stella

/// `listor stella export`: the store's catalogue as Shopify's product CSV, or its stock as
/// Shopify's inventory CSV, on standard output.
struct StellaExport: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the catalogue as a Shopify product CSV (or the stock as an inventory CSV) to standard output.",
        discussion: "listor stella import reads the product CSV back; listor stella stock --from reads the inventory CSV once On hand (new) is filled in.")

    @OptionGroup var location: StellaStoreOptions
    @Flag(help: "The inventory CSV: every counted variant with its stock on hand.")
    var inventory = false

    func run(in environment: CommandEnvironment) async throws {
        let inventory = inventory
        let csv = try await location.withStore(in: environment) { store in
            inventory ? try await StockViewModel(store: store).inventoryCSV() : ShopifyCSV.write(try await store.products())
        }
        environment.write(csv)
    }
}
