import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Stella

/// `listor stella orders`: the orders placed, newest first.
struct StellaOrders: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "orders", abstract: "List the orders placed, newest first.")

    @OptionGroup var location: StellaStoreOptions
    @Option(help: "Which page of 50, from 1.")
    var page = 1

    func validate() throws {
        guard (1...100_000).contains(page) else { throw ValidationError("--page: \(page) is outside 1 to 100000") }
    }

    func run(in environment: CommandEnvironment) async throws {
        let page = page
        let orders = try await location.withStore(in: environment) { store in try await store.orders(limit: 50, offset: (page - 1) * 50) }
        guard !orders.isEmpty else {
            environment.write(page == 1 ? "no orders yet\n" : "no orders on page \(page)\n")
            return
        }
        let columns = [TextTable.Column(title: "ORDER"), TextTable.Column(title: "PLACED"), TextTable.Column(title: "NAME", flexible: true),
                       TextTable.Column(title: "ITEMS", flexible: true, isMain: true), TextTable.Column(title: "TOTAL", rightAligned: true)]
        let rows = orders.map { order in
            [order.number, DateText.dateTime(order.placed, timeZone: .current, seconds: false), order.name,
             order.lines.map { "\($0.quantity) × \($0.sku)" }.joined(separator: ", "), order.total.formatted]
        }
        environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
    }
}
