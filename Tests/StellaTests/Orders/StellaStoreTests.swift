import Foundation
import ListorKit
import ListorTestSupport
import Stella
import StellaSQLite
import Testing

/// The store's catalogue, stock and orders in a SQLite file: stock taken once, never below zero.
@Suite struct StellaStoreTests {
    static let shirt = ShopifyProduct(
        handle: "linen-shirt", line: 2, title: "Linen shirt", bodyHTML: "<p>Light</p>", vendor: "Stella", type: "Shirts", tags: ["summer"],
        options: [ProductOption(name: "Size", values: ["S", "M"])],
        variants: [ProductVariant(sku: "LS-S", values: ["S"], price: Money(minorUnits: 4990), compareAtPrice: Money(minorUnits: 5990), stock: 10),
                   ProductVariant(sku: "LS-M", values: ["M"], price: Money(minorUnits: 4990), stock: 3, picture: "https://cdn.example.org/m.jpg")],
        pictures: [ProductPicture(source: "https://cdn.example.org/1.jpg", position: 1, alt: "The shirt")])

    func request(_ items: [(String, Int)]) -> OrderRequest {
        OrderRequest(items: items.map { OrderRequest.Item(sku: $0.0, quantity: $0.1) }, name: "Ann Lee", email: "ann@example.org", address: "1 High Street, Bath")
    }

    @Test func theCatalogueIsKeptAndReplacedByHandle() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStellaStore(path: directory.path("stella.sqlite"))
        try await store.save([Self.shirt])
        var kept = try await store.products()
        kept[0].line = 2
        #expect(kept == [Self.shirt])
        // Saved again with one variant fewer and new stock: the product is replaced, not doubled.
        var changed = Self.shirt
        changed.variants = [ProductVariant(sku: "LS-S", values: ["S"], price: Money(minorUnits: 3990), stock: 4)]
        try await store.save([changed])
        #expect(try await store.products().map { $0.variants } == [changed.variants])
    }

    @Test func aThousandOrdersAtOnceForTenLeftSellTenAndRefuseTheRest() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStellaStore(path: directory.path("stella.sqlite"))
        try await store.save([Self.shirt])
        let outcomes = try await withThrowingTaskGroup(of: Result<Order, StoreError>.self) { group in
            for _ in 0..<1000 {
                group.addTask {
                    do { return .success(try await store.place(request([("LS-S", 1)]), at: Date())) } catch let error as StoreError { return .failure(error) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let orders = outcomes.compactMap { try? $0.get() }
        #expect(orders.count == 10)
        #expect(Set(orders.map(\.number)).count == 10)
        let refusals = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(refusals.count == 990)
        #expect(refusals.allSatisfy { $0 == .short([Shortage(sku: "LS-S", wanted: 1, left: 0)]) })
        #expect(refusals.first?.description == "not enough stock: LS-S: sold out")
        #expect(try await store.products()[0].variants.map(\.stock) == [0, 3])
        #expect(try await store.orders(limit: 100, offset: 0).count == 10)
    }

    @Test func anOrderTheStockCannotFillTakesNothing() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStellaStore(path: directory.path("stella.sqlite"))
        try await store.save([Self.shirt])
        await #expect(throws: StoreError.short([Shortage(sku: "LS-M", wanted: 4, left: 3), Shortage(sku: "NOPE", wanted: 1, left: nil)])) {
            try await store.place(request([("LS-S", 2), ("LS-M", 4), ("NOPE", 1)]), at: Date())
        }
        #expect(try await store.products()[0].variants.map(\.stock) == [10, 3], "nothing was taken")
        let placed = try await store.place(request([("LS-S", 1), ("LS-M", 1), ("LS-S", 1)]), at: Date(timeIntervalSince1970: 1_796_000_000))
        #expect(placed.number == "S-000001" && placed.lines == [OrderLine(sku: "LS-S", quantity: 2, price: Money(minorUnits: 4990)),
                                                                 OrderLine(sku: "LS-M", quantity: 1, price: Money(minorUnits: 4990))])
        #expect(placed.total == Money(minorUnits: 14970))
        #expect(try await store.order(number: "s-000001") == placed)
        await #expect(throws: StoreError.unknownOrder("S-9")) { try await store.order(number: "S-9") }
        #expect(try await store.products()[0].variants.map(\.stock) == [8, 2])
    }
}
