import ArgumentParser
import ListorCommandKit
import Stella

/// `listor stella cancel NUMBER`: the owner cancels an order, and its stock comes back.
struct StellaCancel: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel an open order and put its stock back.")

    @OptionGroup var location: StellaStoreOptions
    @Argument(help: "The order's number, as S-000042.")
    var number: String

    func run(in environment: CommandEnvironment) async throws {
        let (number, who) = (number, environment.author)
        let order = try await location.withStore(in: environment) { store in try await OrderAdminViewModel(store: store).cancel(number: number, by: who) }
        environment.write("cancelled \(order.number); its stock is back: " + order.lines.map { "\($0.quantity) × \($0.sku)" }.joined(separator: ", ") + "\n")
    }
}
