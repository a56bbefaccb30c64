import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Stella

extension CatalogueImport.Missing: ExpressibleByArgument {}

/// `listor stella import FILE.csv`: a Shopify product CSV into the store `serve` sells from.
struct StellaImport: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add or replace products from a Shopify product CSV.",
        discussion: """
            Reads Shopify's product CSV (Handle, Title, Body (HTML), Vendor, Type, Tags, Published, Status,
            Option1 Name and Value … Option3, Variant SKU, Variant Inventory Tracker, Variant Inventory Qty,
            Variant Inventory Policy, Variant Price, Variant Compare At Price, Image Src, Image Position,
            Image Alt Text, Variant Image) into stella.sqlite in the data directory (or the PostgreSQL
            database --stella-db names), as Shopify reads it: a variant without a SKU is named by its
            handle and option values ("rugby-top/small"); an empty Inventory Tracker means its stock is
            not counted, the policy "continue" that it sells past zero; a draft, an archived or an
            unpublished product is kept but not sold. A product already there (by Handle) is replaced,
            but the stock of its variants the store has already is kept: stock moves only by orders. The
            products the file leaves out stay as they are, or become drafts or archived (--missing); the
            demo catalogue a new store starts with is removed. A SKU stays with its product, and a
            picture's address must be one the server may fetch (public, unless --allow-private). Each bad
            row is reported by line and column and the good ones are kept; the command then exits 1. The
            file is UTF-8 (a byte-order mark is fine) or UTF-16 with its byte-order mark, as spreadsheets
            save "Unicode text", with commas, or the semicolons or tabs of some spreadsheets.
            """)

    @OptionGroup var location: StellaStoreOptions
    @OptionGroup var reach: ReachOptions
    @Argument(help: "The CSV file.")
    var file: String
    @Option(help: "What becomes of the store's products that the file leaves out: keep, draft or archive.")
    var missing: CatalogueImport.Missing = .keep
    @Flag(help: "Say what the import would do, and change nothing.")
    var dryRun = false

    func run(in environment: CommandEnvironment) async throws {
        let text: String
        do { text = try TextFile.read(file) } catch {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        }
        let report: CatalogueImport
        let (addresses, missing, dryRun) = (reach.reach.addressGuard(), missing, dryRun)
        do {
            report = try await location.withStore(in: environment) { store in
                let plan = try await CatalogueImport.plan(text, for: store, missing: missing, addresses: addresses)
                return dryRun ? plan : try await plan.apply(to: store)
            }
        } catch let error as ShopifyCSVError {
            environment.writeError("error: \(file): \(error)\n")
            throw ExitCode.failure
        }
        environment.write("\(report.summary) from \(file)\n")
        for problem in report.problems { environment.writeError("\(file): \(problem)\n") }
        if !report.problems.isEmpty { throw ExitCode.failure }
    }
}
