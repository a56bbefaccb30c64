import ArgumentParser
import ListorCommandKit
import ListorKit
import Stella

/// `listor stella fulfil NUMBER`: the owner marks an order sent.
struct StellaFulfil: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "fulfil", abstract: "Mark an open order sent.")

    @OptionGroup var location: StellaStoreOptions
    @Argument(help: "The order's number, as S-000042.")
    var number: String
    @Option(help: "The carrier's tracking note, for the order's history.")
    var tracking: String?

    func run(in environment: CommandEnvironment) async throws {
        let (number, tracking, who) = (number, tracking, environment.author)
        let order: Order
        do {
            order = try await location.withStore(in: environment) { store in
                try await OrderAdminViewModel(store: store).fulfil(number: number, tracking: tracking, by: who)
            }
        } catch let errors as FieldErrors {
            throw ValidationError(errors.errors.map { "--\($0.field): \($0.message)" }.joined(separator: "\n"))
        }
        environment.write("fulfilled \(order.number)\(order.history.last?.note.map { " (\($0))" } ?? "")\n")
    }
}
