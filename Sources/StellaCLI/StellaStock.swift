import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Stella

extension StockViewModel.View: ExpressibleByArgument {}

/// `listor stella stock [SKU N]`: every variant's stock, or one set by the owner.
struct StellaStock: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock", abstract: "Show every variant's stock, set one's (stock SKU N), or many from an inventory CSV (--from FILE).",
        discussion: """
            Orders take stock and cancellations give it back; this is the owner's own count (a delivery, a
            stocktake), kept with who, when, before and after (--history). An inventory CSV is Shopify's:
            each row names a variant by SKU, or by Handle and Option1 Value…, and gives its count in "On hand
            (new)", "On hand" or "Available"; listor stella export --inventory writes one to fill in. Every
            count is set, or none when a row is wrong.
            """)

    @OptionGroup var location: StellaStoreOptions
    @Option(help: "Which variants: all, low (5 or less) or sold-out.")
    var show: StockViewModel.View = .all
    @Flag(help: "The adjustments made, newest first (of SKU when one is given).")
    var history = false
    @Option(name: .customLong("from"), help: "An inventory CSV whose counts to set.")
    var file: String?
    @Argument(help: "The variant's SKU.")
    var sku: String?
    @Argument(help: "Its stock on hand now.")
    var count: String?

    func validate() throws {
        if count != nil, history { throw ValidationError("--history shows the adjustments; give no count with it") }
        if file != nil, sku != nil || history { throw ValidationError("--from sets the counts of a file; give no SKU or --history with it") }
    }

    func run(in environment: CommandEnvironment) async throws {
        let (sku, count, show, history, who) = (sku, count, show, history, environment.author)
        if let file { return try await importCounts(file, in: environment) }
        if let sku, let count {
            let adjustment: StockAdjustment
            do {
                adjustment = try await location.withStore(in: environment) { store in try await StockViewModel(store: store).set(sku: sku, to: count, by: who) }
            } catch let errors as FieldErrors {
                throw ValidationError(errors.errors.map { "N: \($0.message)" }.joined(separator: "\n"))
            }
            environment.write("\(adjustment.sku): \(adjustment.before) → \(adjustment.after)\n")
            return
        }
        if history {
            let adjustments = try await location.withStore(in: environment) { store in try await StockViewModel(store: store).history(sku: sku) }
            guard !adjustments.isEmpty else { return environment.write("no adjustments yet\n") }
            let columns = [TextTable.Column(title: "WHEN"), TextTable.Column(title: "SKU", isMain: true), TextTable.Column(title: "BEFORE", rightAligned: true),
                           TextTable.Column(title: "AFTER", rightAligned: true), TextTable.Column(title: "BY", flexible: true)]
            let rows = adjustments.map { [DateText.dateTime($0.at, timeZone: .current, seconds: false), $0.sku, String($0.before), String($0.after), $0.by] }
            return environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
        }
        let rows = try await location.withStore(in: environment) { store in try await StockViewModel(store: store).rows(show) }
            .filter { row in sku.map { row.variant.sku == $0 } ?? true }
        guard !rows.isEmpty else { return environment.write("no variants to show\n") }
        let columns = [TextTable.Column(title: "SKU"), TextTable.Column(title: "PRODUCT", flexible: true, isMain: true), TextTable.Column(title: "VARIANT", flexible: true),
                       TextTable.Column(title: "STATUS"), TextTable.Column(title: "ON HAND", rightAligned: true)]
        let table = rows.map { row in
            [row.variant.sku, row.product.name, row.variant.values.joined(separator: " / "), row.product.saleState, row.variant.stockText]
        }
        environment.write(TextTable(columns: columns, rows: table, width: environment.columns).render() + "\n")
    }

    private func importCounts(_ file: String, in environment: CommandEnvironment) async throws {
        let text: String
        do { text = try TextFile.read(file) } catch {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        }
        let who = environment.author
        let (adjustments, problems): ([StockAdjustment], [Problem])
        do {
            (adjustments, problems) = try await location.withStore(in: environment) { store in try await StockViewModel(store: store).importCounts(text, by: who) }
        } catch let error as ShopifyCSVError {
            environment.writeError("error: \(file): \(error)\n")
            throw ExitCode.failure
        }
        guard problems.isEmpty else {
            environment.writeError("error: \(file): nothing was changed; \(problems.count) row\(problems.count == 1 ? "" : "s") cannot be read:\n")
            for problem in problems { environment.writeError("\(file): \(problem)\n") }
            throw ExitCode.failure
        }
        for adjustment in adjustments where adjustment.before != adjustment.after {
            environment.write("\(adjustment.sku): \(adjustment.before) → \(adjustment.after)\n")
        }
        let changed = adjustments.filter { $0.before != $0.after }.count
        environment.write("\(adjustments.count) variant\(adjustments.count == 1 ? "" : "s") counted, \(changed) changed, from \(file)\n")
    }
}
