import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Stella

/// `listor stella order NUMBER`: one order as its owner sees it.
struct StellaOrder: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "order", abstract: "Show an order: its lines, where it goes, and what happened to it.")

    @OptionGroup var location: StellaStoreOptions
    @Argument(help: "The order's number, as S-000042.")
    var number: String

    func run(in environment: CommandEnvironment) async throws {
        let number = number
        let order = try await location.withStore(in: environment) { store in try await OrderAdminViewModel(store: store).order(number: number) }
        environment.write(Self.text(order))
    }

    /// The order as the terminal shows it.
    static func text(_ order: Order) -> String {
        func time(_ date: Date) -> String { DateText.dateTime(date, timeZone: .current, seconds: false) }
        var lines = ["Order \(order.number), \(order.state.rawValue)", "Placed \(time(order.placed)) by \(order.name) <\(order.email)>", "Ship to:"]
        lines += order.address.split(whereSeparator: \.isNewline).map { "  " + $0 }
        lines.append("")
        lines += order.lines.map { "  \($0.quantity) × \($0.title) (\($0.sku)), \($0.price.formatted) each" }
        lines.append("Total \(order.total.formatted), paid on delivery")
        for event in order.history {
            lines.append("\(time(event.at)) \(event.headline) (by \(event.by))")
        }
        lines.append("Shopper's page key: \(order.key)")
        return lines.joined(separator: "\n") + "\n"
    }
}
