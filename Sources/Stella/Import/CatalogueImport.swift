import ListorKit

/// Importing a catalogue file into the store, as the shopkeeper does it: the good products
/// saved in one go, each bad row reported. What the import will do is known before it is done
/// (`plan`), so that the owner can see it first (`--dry-run`), and `apply` does all of it or
/// nothing.
///
/// As in Shopify, an import creates and updates products and leaves the stock of the variants
/// the store has alone. The products the file leaves out stay as they are, or become drafts or
/// archived, as the owner chooses; the generated demo catalogue a new store starts with goes
/// once a real one is imported.
public struct CatalogueImport: Sendable {
    /// What becomes of the store's products that the file leaves out.
    public enum Missing: String, Sendable, CaseIterable {
        case keep, draft, archive

        var status: Product.Status? {
            switch self {
            case .keep: nil
            case .draft: .draft
            case .archive: .archived
            }
        }
    }

    public let products: Int
    public let variants: Int
    /// Of `products`, those the store does not have yet.
    public let added: Int
    /// Of `products`, the drafts, the archived and the unpublished: kept, not on sale.
    public let notOnSale: Int
    /// The store's products the file leaves out (the demo's aside), and what becomes of them.
    public let missing: Int
    public let missingRule: Missing
    /// The demo catalogue's products removed.
    public let demoRemoved: Int
    public let problems: [ListorKit.Problem]
    /// Whether the store has it: false for a plan not applied yet.
    public private(set) var applied = false

    private let items: [Product]
    private let statuses: [String: Product.Status]
    private let deleting: [String]

    /// "imported 12 products (48 variants, 3 new), 2 not on sale (draft, archived or
    /// unpublished); 5 products not in the file archived; the demo catalogue's 300 products
    /// removed" — or "would import …" for a plan.
    public var summary: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var text = "\(applied ? "imported" : "would import") \(count(products, "product")) (\(count(variants, "variant")), \(added) new)"
        if notOnSale > 0 { text += ", \(notOnSale) not on sale (draft, archived or unpublished)" }
        if missing > 0 {
            let done = switch missingRule {
            case .keep: missing == 1 ? (applied ? "left as it was" : "to be left as it is") : (applied ? "left as they were" : "to be left as they are")
            case .draft: applied ? "made drafts" : "to be made drafts"
            case .archive: applied ? "archived" : "to be archived"
            }
            text += "; \(count(missing, "product")) not in the file \(done)"
        }
        let giftCards = items.count { $0.details.giftCard }
        if giftCards > 0 { text += "; \(count(giftCards, "gift card")) sold as \(giftCards == 1 ? "a product" : "products") (no gift card codes are issued)" }
        if demoRemoved > 0 { text += "; the demo catalogue's \(count(demoRemoved, "product")) \(applied ? "removed" : "to be removed")" }
        return text
    }

    /// What importing `csv` into `store` would do, nothing saved: its products read as Shopify's
    /// product CSV, a product's picture address `addresses` refuses a bad value, a SKU another
    /// product has in the store refused. Throws `ShopifyCSVError` for a file that is no product CSV.
    public static func plan(_ csv: String, for store: any StellaStore, missing rule: Missing = .keep, addresses: AddressGuard) async throws -> CatalogueImport {
        let stored = try await store.products()
        var owners: [String: String] = [:]
        for product in stored {
            for variant in product.variants { owners[variant.sku] = product.code }
        }
        let read = try ShopifyCSV.read(csv, store: owners, addresses: addresses)
        let inFile = Set(read.items.map(\.code))
        let demo = CatalogueGenerator.codes
        // A file none of whose products can be read is no catalogue: it removes, drafts and
        // archives nothing (every row refused would otherwise empty the store).
        let stays = read.items.isEmpty ? [] : stored
        let deleting = stays.map(\.code).filter { demo.contains($0) && !inFile.contains($0) }
        let missing = stays.filter { !inFile.contains($0.code) && !demo.contains($0.code) }
        let statuses = rule.status.map { status in Dictionary(uniqueKeysWithValues: missing.map { ($0.code, status) }) } ?? [:]
        let had = Set(stored.map(\.code))
        return CatalogueImport(products: read.items.count, variants: read.items.reduce(0) { $0 + $1.variants.count },
                               added: read.items.count { !had.contains($0.code) }, notOnSale: read.items.count { !$0.isOnSale },
                               missing: missing.count, missingRule: rule, demoRemoved: deleting.count, problems: read.problems,
                               items: read.items, statuses: statuses, deleting: deleting)
    }

    /// Does what the plan says, in one transaction.
    public func apply(to store: any StellaStore) async throws -> CatalogueImport {
        try await store.save(items, statuses: statuses, deleting: deleting)
        var done = self
        done.applied = true
        return done
    }

    /// Plans and applies the import of `csv` into `store`.
    public static func run(_ csv: String, into store: any StellaStore, missing rule: Missing = .keep, addresses: AddressGuard) async throws -> CatalogueImport {
        try await plan(csv, for: store, missing: rule, addresses: addresses).apply(to: store)
    }
}
