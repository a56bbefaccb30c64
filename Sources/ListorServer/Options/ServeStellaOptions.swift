import ArgumentParser
import Foundation
import ListorCommandKit
import ListorSQL
import StellaCLI

/// The options of `listor serve` for Stella: whose catalogue it shows, where the pictures come
/// from, and how much of them the data directory keeps.
struct ServeStellaOptions: ParsableArguments {
    @Option(name: .customLong("stella-catalogue"),
            help: ArgumentHelp("A Shopify product CSV to import into the store as it starts (bad rows are logged, the good ones kept), or a catalogue API to show instead, such as another listor serve's http://127.0.0.1:8081/stella/api (default: the store's catalogue, generated for a new store).",
                               valueName: "file-or-url"))
    var catalogue: String?
    @Option(name: .customLong("stella-image-origin"),
            help: ArgumentHelp("Fetch product pictures from this server (a CDN, or another listor serve), which has them under its path at /stella/images/… (default: draw them here, or the catalogue API's server).", valueName: "url"))
    var imageOrigin: String?
    @Option(name: .customLong("stella-db"),
            help: ArgumentHelp("The store's database for its stock and orders: postgres://user:password@host:5432/database, for several nodes selling from one stock (default: stella.sqlite in the data directory).", valueName: "url"))
    var database: String?
    @Option(name: .customLong("stella-order-limit"),
            help: ArgumentHelp("Items one shopper may order in an hour, counted per client address and per email address (orders are paid on delivery and need no account); 0 for no limit.", valueName: "items"))
    var orderLimit = 50
    @Option(name: .customLong("stella-admin-token"),
            help: ArgumentHelp("The token the store's back office needs (its API as Authorization: Bearer …; also LISTOR_STELLA_ADMIN_TOKEN, as every option); without one, or empty, the back office is closed.",
                               valueName: "token"))
    var adminToken: String?
    @Option(name: .customLong("image-cache-size"), help: ArgumentHelp("Megabytes of pictures kept in the data directory (1 to 100000).", valueName: "MB"))
    var imageCacheSize = 256
    @Option(name: .customLong("image-cache-days"), help: ArgumentHelp("Days a kept picture stays valid (1 to 365).", valueName: "days"))
    var imageCacheDays = 7


    func settings() throws -> StellaSettings {
        guard (1...100_000).contains(imageCacheSize) else { throw ValidationError("--image-cache-size: \(imageCacheSize) is outside 1 to 100000 MB") }
        guard (1...365).contains(imageCacheDays) else { throw ValidationError("--image-cache-days: \(imageCacheDays) is outside 1 to 365") }
        guard (0...1_000_000).contains(orderLimit) else { throw ValidationError("--stella-order-limit: \(orderLimit) is outside 0 to 1000000 items an hour") }
        var settings = StellaSettings(imageCacheSize: imageCacheSize << 20, imageCacheAge: TimeInterval(imageCacheDays * 86400), orderLimit: orderLimit)
        settings.adminToken = adminToken.flatMap { $0.isEmpty ? nil : $0 }
        if let database, !database.isEmpty {
            do { _ = try PostgresURL(database) } catch { throw ValidationError("--stella-db: \(error)") }
            settings.database = database
        }
        do {
            if let catalogue, !catalogue.isEmpty {
                if catalogue.lowercased().hasPrefix("http://") || catalogue.lowercased().hasPrefix("https://") {
                    settings.catalogue = try HTTPAddress.parse(catalogue, option: "--stella-catalogue")
                } else {
                    guard FileManager.default.isReadableFile(atPath: catalogue) else {
                        throw ValidationError("--stella-catalogue: \(catalogue) is neither a readable file nor an http(s) address")
                    }
                    settings.catalogueFile = catalogue
                }
            }
            if let imageOrigin { settings.imageOrigin = try HTTPAddress.parse(imageOrigin, option: "--stella-image-origin") }
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
        return settings
    }
}
