import Foundation
import ListorKit

/// The owner's stock: every variant's, the low and the sold out, set one by one, and the
/// adjustments kept with who, when, before and after.
public struct StockViewModel: Sendable {
    /// Which variants to show.
    public enum View: String, Sendable, CaseIterable {
        /// Every variant.
        case all
        /// Those counted whose stock is 5 or less, sold out included.
        case low
        /// Those counted with none left to sell.
        case soldOut = "sold-out"
    }

    /// A variant with its product, as the stock list shows it.
    public struct Row: Sendable, Hashable {
        public var product: Product
        public var variant: ProductVariant
    }

    /// At or below this, stock is low.
    public static let lowStock = 5

    private let store: any StellaStore
    private let now: @Sendable () -> Date

    public init(store: any StellaStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    /// Every variant of every product the store has (drafts and archived included) in `view`,
    /// lowest stock first for `low` and `soldOut`, in the catalogue's order for `all`; only
    /// those whose SKU or product's name holds `search`, when given.
    public func rows(_ view: View = .all, search: String = "") async throws -> [Row] {
        let search = search.trimmingCharacters(in: .whitespaces)
        let rows = try await store.products().flatMap { product in product.variants.map { Row(product: product, variant: $0) } }.filter { row in
            search.isEmpty || row.variant.sku.localizedCaseInsensitiveContains(search) || row.product.name.localizedCaseInsensitiveContains(search)
        }
        switch view {
        case .all: return rows
        case .low: return rows.filter { $0.variant.tracked && $0.variant.stock <= Self.lowStock }.sorted { $0.variant.stock < $1.variant.stock }
        case .soldOut: return rows.filter { !$0.variant.isAvailable }
        }
    }

    /// Sets the stock on hand of `sku` to `text`, a whole number (below zero to record what is
    /// owed); throws `FieldErrors` for anything else, `StellaStoreError.unknownSKU` for a SKU the
    /// store has not.
    public func set(sku: String, to text: String, by who: ChangeAuthor) async throws -> StockAdjustment {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let negative = trimmed.hasPrefix("-")
        guard let magnitude = Int(digits: negative ? trimmed.dropFirst() : trimmed[...]), magnitude <= 1_000_000 else {
            throw FieldErrors([FieldError(field: "stock", message: "\"\(trimmed.prefix(20))\" is not a whole number from -1000000 to 1000000")])
        }
        return try await store.setStock(sku: sku.trimmingCharacters(in: .whitespaces), to: negative ? -magnitude : magnitude, by: who.description, at: now())
    }

    /// Sets the stock of every variant an inventory CSV counts (`InventoryCSV`), all in one
    /// transaction, or none when any row is wrong: the problems then say which, by line and
    /// column, and nothing changed. Throws `ShopifyCSVError` for a file that is no inventory CSV.
    public func importCounts(_ csv: String, by who: ChangeAuthor) async throws -> (adjustments: [StockAdjustment], problems: [Problem]) {
        let read = try InventoryCSV.read(csv, products: try await store.products())
        guard read.problems.isEmpty else { return ([], read.problems) }
        return (try await store.setStock(read.items.map { ($0.sku, $0.stock) }, by: who.description, at: now()), [])
    }

    /// The stock of every counted variant as an inventory CSV, to count and bring back.
    public func inventoryCSV() async throws -> String {
        InventoryCSV.write(try await rows())
    }

    /// The adjustments, newest first: of `sku`, or of every variant.
    public func history(sku: String? = nil, limit: Int = 100) async throws -> [StockAdjustment] {
        try await store.stockAdjustments(sku: sku, limit: limit)
    }
}
