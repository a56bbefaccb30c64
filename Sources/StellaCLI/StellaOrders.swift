import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Stella

extension Order.State: ExpressibleByArgument {}

/// `listor stella orders`: the orders placed, newest first, with where each goes.
struct StellaOrders: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "orders", abstract: "List the orders placed, newest first.")

    @OptionGroup var location: StellaStoreOptions
    @Option(help: "Only the orders in this state: open, fulfilled or cancelled.")
    var state: Order.State?
    @Option(help: "Only the orders whose number, name or email holds this.")
    var search = ""
    @Option(help: "Which page of 50, from 1.")
    var page = 1

    func validate() throws {
        guard (1...100_000).contains(page) else { throw ValidationError("--page: \(page) is outside 1 to 100000") }
    }

    func run(in environment: CommandEnvironment) async throws {
        let (state, search, page) = (state, search, page)
        let orders = try await location.withStore(in: environment) { store in
            try await OrderAdminViewModel(store: store).orders(state: state, search: search, page: page)
        }
        guard !orders.isEmpty else {
            environment.write(page == 1 && state == nil && search.isEmpty ? "no orders yet\n" : "no orders on page \(page) of those asked for\n")
            return
        }
        let columns = [TextTable.Column(title: "ORDER"), TextTable.Column(title: "PLACED"), TextTable.Column(title: "STATE"),
                       TextTable.Column(title: "NAME", flexible: true), TextTable.Column(title: "EMAIL", flexible: true),
                       TextTable.Column(title: "ADDRESS", flexible: true), TextTable.Column(title: "ITEMS", flexible: true, isMain: true),
                       TextTable.Column(title: "TOTAL", rightAligned: true)]
        let rows = orders.map { order in
            [order.number, DateText.dateTime(order.placed, timeZone: .current, seconds: false), order.state.rawValue, order.name, order.email,
             order.address.split(whereSeparator: \.isNewline).joined(separator: ", "),
             order.lines.map { "\($0.quantity) × \($0.sku)" }.joined(separator: ", "), order.total.formatted]
        }
        environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
    }
}
