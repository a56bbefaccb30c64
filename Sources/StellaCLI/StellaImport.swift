import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Stella

/// `listor stella import FILE.csv`: a Shopify product CSV into the store `serve` sells from.
struct StellaImport: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add or replace products from a Shopify product CSV.",
        discussion: """
            Reads Shopify's product CSV (Handle, Title, Body (HTML), Vendor, Type, Tags, Option1 Name and
            Value … Option3, Variant SKU, Variant Inventory Qty, Variant Price, Variant Compare At Price,
            Image Src, Image Position, Image Alt Text, Variant Image) into stella.sqlite in the data
            directory (or the PostgreSQL database --stella-db names). A product already there (by Handle)
            is replaced, but the stock of its variants the store has already is kept: stock moves only by
            orders. A SKU stays with its product, and a picture's address must be one the server may
            fetch (public, unless --allow-private). Each bad row is reported by line and column and the
            good ones are kept; the command then exits 1. The file is UTF-8 (a byte-order mark is fine)
            or UTF-16 with its byte-order mark, as spreadsheets save "Unicode text".
            """)

    @OptionGroup var location: StellaStoreOptions
    @OptionGroup var reach: ReachOptions
    @Argument(help: "The CSV file.")
    var file: String

    func run(in environment: CommandEnvironment) async throws {
        let text: String
        do { text = try TextFile.read(file) } catch {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        }
        let report: CatalogueImport
        let addresses = reach.reach.addressGuard()
        do {
            report = try await location.withStore(in: environment) { store in try await CatalogueImport.run(text, into: store, addresses: addresses) }
        } catch let error as ShopifyCSVError {
            environment.writeError("error: \(file): \(error)\n")
            throw ExitCode.failure
        }
        environment.write("\(report.summary) from \(file)\n")
        for problem in report.problems { environment.writeError("\(file): \(problem)\n") }
        if !report.problems.isEmpty { throw ExitCode.failure }
    }
}
