import ListorKit

/// Importing a catalogue file into the store, as the shopkeeper does it: the good products
/// saved in one go, each bad row reported.
public struct CatalogueImport: Sendable {
    public let products: Int
    public let variants: Int
    /// Of `products`, the drafts, the archived and the unpublished: kept, not on sale.
    public let notOnSale: Int
    public let problems: [ListorKit.Problem]

    /// "imported 12 products (48 variants), 2 not on sale (draft, archived or unpublished)".
    public var summary: String {
        "imported \(products) product\(products == 1 ? "" : "s") (\(variants) variant\(variants == 1 ? "" : "s"))"
            + (notOnSale == 0 ? "" : ", \(notOnSale) not on sale (draft, archived or unpublished)")
    }

    /// Reads `csv` as Shopify's product CSV and saves its good products into `store`. Throws
    /// `ShopifyCSVError` for a file that is no product CSV, and saves nothing then. A product's
    /// picture address `addresses` refuses is a bad value; a SKU another product has in the
    /// store is refused; the stock of variants the store has already is left as it is.
    public static func run(_ csv: String, into store: any StellaStore, addresses: AddressGuard) async throws -> CatalogueImport {
        var owners: [String: String] = [:]
        for product in try await store.products() {
            for variant in product.variants { owners[variant.sku] = product.code }
        }
        let read = try ShopifyCSV.read(csv, store: owners, addresses: addresses)
        try await store.save(read.items)
        return CatalogueImport(products: read.items.count, variants: read.items.reduce(0) { $0 + $1.variants.count },
                               notOnSale: read.items.count { !$0.isOnSale }, problems: read.problems)
    }
}
