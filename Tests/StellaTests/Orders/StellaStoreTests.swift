import Foundation
import ListorKit
import ListorTestSupport
import PostgresNIO
import Stella
import ListorSQL
@testable import StellaSQL
import Synchronization
import Testing

/// The store's catalogue, stock and orders on both stores, each as two nodes would use it (two
/// stores on one SQLite file, or two clients of one PostgreSQL database): stock taken once,
/// never below zero.
@Suite struct StellaStoreTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    func withTwoStores(_ kind: Kind, _ body: @escaping @Sendable (any StellaStore, any StellaStore) async throws -> Void) async throws {
        switch kind {
        case .sqlite:
            let directory = try TemporaryDirectory()
            try await body(try SQLStellaStore(path: directory.path("stella.sqlite")), try SQLStellaStore(path: directory.path("stella.sqlite")))
            withExtendedLifetime(directory) {}
        case .postgres:
            guard let url = PostgresTestServer.url() else { return }
            try await PostgresTestServer.withEmptyDatabase(url) { configuration in
                try await PostgresTestServer.withClient(configuration) { first in
                    try await PostgresTestServer.withClient(configuration) { second in
                        let (a, b) = (SQLStellaStore(database: PostgreSQLDatabase(client: first)), SQLStellaStore(database: PostgreSQLDatabase(client: second)))
                        try await a.migrate()
                        try await b.migrate()
                        try await body(a, b)
                    }
                }
            }
        }
    }

    static let shirt = Product(
        code: "linen-shirt", name: "Linen shirt", brand: "Stella", type: "Shirts", tags: ["summer"], description: "<p>Light</p>",
        options: [ProductOption(name: "Size", values: ["S", "M"])],
        variants: [ProductVariant(sku: "LS-S", values: ["S"], price: Money(minorUnits: 4990), compareAtPrice: Money(minorUnits: 5990), stock: 10),
                   ProductVariant(sku: "LS-M", values: ["M"], price: Money(minorUnits: 4990), stock: 3, picture: "https://cdn.example.org/m.jpg")],
        pictures: [ProductPicture(source: "https://cdn.example.org/1.jpg", position: 1, alt: "The shirt")])

    func request(_ items: [(String, Int)]) -> OrderRequest {
        OrderRequest(items: items.map { OrderRequest.Item(sku: $0.0, quantity: $0.1) }, name: "Ann Lee", email: "ann@example.org", address: "1 High Street, Bath")
    }

    @Test(arguments: Kind.allCases)
    func theCatalogueIsKeptAndReplacedByHandle(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, _ in
        // With what Shopify's file says beyond what the store sells by.
        var detailed = Self.shirt
        detailed.details = ProductDetails(category: "Apparel > Shirts", seoTitle: "Linen | Stella", seoDescription: "Light.", giftCard: false)
        detailed.variants[0].details = VariantDetails(barcode: "4006381333931", grams: 250, weightUnit: "kg")
        try await store.save([detailed])
        #expect(try await store.products() == [detailed])
        try await store.save([Self.shirt])
        #expect(try await store.products() == [Self.shirt])
        // Saved again with one variant fewer and a new price: the product is replaced, not doubled,
        // and the variant the store has keeps its stock.
        var changed = Self.shirt
        changed.variants = [ProductVariant(sku: "LS-S", values: ["S"], price: Money(minorUnits: 3990), stock: 4)]
        try await store.save([changed])
        changed.variants[0].stock = 10
        #expect(try await store.products().map { $0.variants } == [changed.variants])
      }
    }

    /// A catalogue describes products; stock moves only by orders. Importing the same file again,
    /// as every restart of `serve --stella-catalogue` does, never gives back what was sold, and
    /// a SKU never moves to another product with its stock.
    @Test(arguments: Kind.allCases)
    func savingACatalogueAgainNeverGivesBackStockNorMovesASKU(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        try await store.save([Self.shirt])
        _ = try await store.place(request([("LS-S", 10)]), at: Date())
        var withLarge = Self.shirt
        withLarge.options[0].values.append("L")
        withLarge.variants.append(ProductVariant(sku: "LS-L", values: ["L"], price: Money(minorUnits: 4990), stock: 5))
        try await other.save([withLarge])
        let stock = try await store.products().flatMap(\.variants).map { [$0.sku: $0.stock] }
        #expect(stock == [["LS-S": 0], ["LS-M": 3], ["LS-L": 5]], "sold out stays sold out; a new variant gets the file's stock")
        await #expect(throws: StellaStoreError.skuTaken("LS-S", product: "scarf")) {
            try await other.save([Product(code: "aaa", name: "A", brand: "", type: "", tags: [], description: ""),
                                  Product(code: "scarf", name: "Scarf", brand: "Stella", type: "Scarves", tags: [], description: "",
                                          variants: [ProductVariant(sku: "LS-S", values: [], price: Money(minorUnits: 100), stock: 50)])])
        }
        #expect(try await store.products().map(\.code) == ["linen-shirt"], "nothing of a refused catalogue is saved")
        #expect(try await store.products()[0].variants.first?.stock == 0)
      }
    }

    @Test(arguments: Kind.allCases)
    func aNewStoreIsSeededOnceEvenByTwoNodesAtOnce(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        let catalogue = Array(CatalogueGenerator.products().prefix(20))
        async let first = store.seed(catalogue)
        async let second = other.seed(catalogue)
        #expect(Set([try await first, try await second]) == [true, false], "one node seeds, the other finds it seeded")
        #expect(try await store.products() == catalogue)
        // A store that has products is never seeded over: stock sold stays sold.
        _ = try await store.place(request([(catalogue[0].variants.first { $0.stock > 0 }!.sku, 1)]), at: Date())
        #expect(try await other.seed(catalogue) == false)
        #expect(try await store.products() != catalogue)
      }
    }

    @Test(arguments: Kind.allCases)
    func aThousandOrdersAtOnceForTenLeftSellTenAndRefuseTheRest(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        try await store.save([Self.shirt])
        let outcomes = try await withThrowingTaskGroup(of: Result<Order, StellaStoreError>.self) { group in
            var outcomes: [Result<Order, StellaStoreError>] = []
            for index in 0..<1000 {
                // Through both nodes, at most 64 in flight on each.
                if index >= 128, let outcome = try await group.next() { outcomes.append(outcome) }
                let node = index % 2 == 0 ? store : other
                group.addTask {
                    do { return .success(try await node.place(request([("LS-S", 1)]), at: Date())) } catch let error as StellaStoreError { return .failure(error) }
                }
            }
            return try await group.reduce(into: outcomes) { $0.append($1) }
        }
        #expect(outcomes.count == 1000)
        let orders = outcomes.compactMap { try? $0.get() }
        #expect(orders.count == 10)
        #expect(Set(orders.map(\.number)).count == 10)
        let refusals = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(refusals.count == 990)
        let others = refusals.filter { $0 != .short([Shortage(sku: "LS-S", wanted: 1, left: 0)]) }
        #expect(others.isEmpty, "\(others.count) refused otherwise: \(Set(others.map(\.description)))")
        #expect(refusals.first?.description == "not enough stock: LS-S: sold out")
        #expect(try await store.products()[0].variants.map(\.stock) == [0, 3])
        #expect(try await store.orders(limit: 100, offset: 0).count == 10)
      }
    }

    @Test(arguments: Kind.allCases)
    func anOrderTheStockCannotFillTakesNothing(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        try await store.save([Self.shirt])
        await #expect(throws: StellaStoreError.short([Shortage(sku: "LS-M", wanted: 4, left: 3), Shortage(sku: "NOPE", wanted: 1, left: nil)])) {
            try await store.place(request([("LS-S", 2), ("LS-M", 4), ("NOPE", 1)]), at: Date())
        }
        #expect(try await store.products()[0].variants.map(\.stock) == [10, 3], "nothing was taken")
        let placed = try await store.place(request([("LS-S", 1), ("LS-M", 1), ("LS-S", 1)]), at: Date(timeIntervalSince1970: 1_796_000_000))
        #expect(placed.number == "S-000001" && placed.lines == [OrderLine(sku: "LS-S", title: "Linen shirt — S", quantity: 2, price: Money(minorUnits: 4990)),
                                                                 OrderLine(sku: "LS-M", title: "Linen shirt — M", quantity: 1, price: Money(minorUnits: 4990))])
        #expect(placed.key.count == 32 && placed.key.allSatisfy(\.isHexDigit))
        #expect(placed.total == Money(minorUnits: 14970))
        #expect(try await store.order(number: "s-000001") == placed)
        #expect(try await other.order(key: placed.key) == placed, "the order page's key finds it from either node")
        await #expect(throws: StellaStoreError.unknownOrder(String(repeating: "0", count: 32))) { try await store.order(key: String(repeating: "0", count: 32)) }
        await #expect(throws: StellaStoreError.unknownOrder("S-9")) { try await store.order(number: "S-9") }
        #expect(try await store.products()[0].variants.map(\.stock) == [8, 2])
      }
    }

    /// Shopify's inventory settings: a variant whose stock is not tracked is always sold and its
    /// stock left alone; one whose policy is `continue` sells past zero. A catalogue saved again
    /// with `deny` stops that selling, and what is owed stays owed.
    @Test(arguments: Kind.allCases)
    func untrackedStockIsNotTakenAndAContinuePolicySellsPastZero(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        let tote = Product(code: "tote", name: "Tote", brand: "Stella", type: "Bags", tags: [], description: "",
                           variants: [ProductVariant(sku: "TOTE", values: [], price: Money(minorUnits: 1900), stock: 1, tracked: false)])
        var cap = Product(code: "cap", name: "Cap", brand: "Stella", type: "Hats", tags: [], description: "",
                          variants: [ProductVariant(sku: "CAP", values: [], price: Money(minorUnits: 900), stock: 1, oversells: true)])
        try await store.save([tote, cap])
        _ = try await store.place(request([("TOTE", 5), ("CAP", 3)]), at: Date())
        _ = try await other.place(request([("TOTE", 1), ("CAP", 1)]), at: Date())
        #expect(try await store.products().flatMap(\.variants).map { [$0.sku: $0.stock] } == [["TOTE": 1], ["CAP": -3]])
        cap.variants[0].oversells = false
        try await other.save([tote, cap])
        let saved = try await store.products()
        #expect(saved.map { $0.variants[0] } == [tote.variants[0], ProductVariant(sku: "CAP", values: [], price: Money(minorUnits: 900), stock: -3)])
        await #expect(throws: StellaStoreError.short([Shortage(sku: "CAP", wanted: 1, left: 0)])) { try await store.place(request([("CAP", 1)]), at: Date()) }
      }
    }

    /// A draft, an archived product and one not published are the owner's: kept with their
    /// status, never in the shoppers' catalogue, and their SKUs cannot be ordered, even by an API
    /// client that knows them.
    @Test(arguments: Kind.allCases)
    func aDraftIsKeptButNeitherShownNorSold(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        var draft = Self.shirt
        draft.status = .draft
        let hidden = Product(code: "cap", name: "Cap", variants: [ProductVariant(sku: "CAP", values: [], price: Money(minorUnits: 900), stock: 5)], published: false)
        let bag = Product(code: "tote", name: "Tote", status: .archived)
        try await store.save([draft, hidden, bag])
        #expect(try await other.products().map { "\($0.code) \($0.status.rawValue) \($0.published)" } == ["linen-shirt draft true", "cap active false", "tote archived true"])
        #expect(try await StoreCatalogue(store: other).catalogue().products.isEmpty)
        await #expect(throws: StellaStoreError.short([Shortage(sku: "LS-S", wanted: 1, left: nil), Shortage(sku: "CAP", wanted: 1, left: nil)])) {
            try await store.place(request([("LS-S", 1), ("CAP", 1)]), at: Date())
        }
        draft.status = .active
        try await other.save([draft])
        #expect(try await store.place(request([("LS-S", 1)]), at: Date()).lines.map(\.sku) == ["LS-S"])
        #expect(try await StoreCatalogue(store: store).catalogue().products.map(\.code) == ["linen-shirt"])
      }
    }

    /// The shopper's mail is kept with the change that makes it true and sent once, whichever
    /// node claims it. Of owners on two nodes pressing "sent" and "cancel" at once, one wins, and
    /// the shopper gets that one letter; a letter not sent within a day is not sent late.
    @Test(arguments: Kind.allCases)
    func theShoppersMailIsKeptWithTheOrderAndSentOnceFromTwoNodes(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        try await store.save([Self.shirt])
        let placed = Date(timeIntervalSince1970: 1_796_000_000)
        let order = try await store.place(request([("LS-S", 2)]), at: placed)
        let outcomes = try await withThrowingTaskGroup(of: Result<Order, StellaStoreError>.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let node = index.isMultiple(of: 2) ? store : other
                    do {
                        return .success(index % 4 < 2 ? try await node.fulfil(number: order.number, tracking: "DHL \(index)", by: "node \(index % 2)", at: placed)
                                                      : try await node.cancel(number: order.number, by: "node \(index % 2)", at: placed))
                    } catch let error as StellaStoreError { return .failure(error) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let won = outcomes.compactMap { if case .success(let order) = $0 { order } else { nil } }
        #expect(won.count == 1)
        let winner = try #require(won.first)
        #expect(try await store.products()[0].variants[0].stock == (winner.state == .cancelled ? 10 : 8))
        let mail = try await other.mail(aboutOrder: order.number)
        #expect(mail.map(\.mail.kind) == ["order-open", "order-\(winner.state.rawValue)"])
        #expect(mail.first?.mail.subject == "Your order \(order.number) is placed" && mail.first?.mail.recipient == order.email)
        #expect(mail.first?.mail.body.contains("1 × Linen shirt — S (LS-S)") == false && mail.first?.mail.body.contains("2 × ") == true)
        if winner.state == .fulfilled { #expect(mail.last?.mail.body.contains("Tracking: \(winner.tracking ?? "?")") == true) }

        // Two nodes send at once: each message goes once.
        let delivered = Mutex<[String]>([])
        let transport = MailTransport(destination: "the test's mailbox") { message in delivered.withLock { $0.append(message.subject) } }
        let from = try MailAddress("shop@example.org", name: "Stella")
        async let first = OutboxSender(mail: transport, from: from, name: "a", now: { placed }).send(store)
        async let second = OutboxSender(mail: transport, from: from, name: "b", now: { placed }).send(other)
        let (a, b) = try await (first, second)
        #expect(a.sent + b.sent == 2 && delivered.withLock { $0.sorted() } == mail.map(\.mail.subject).sorted())
        #expect(try await store.mail(aboutOrder: order.number).map(\.state) == [.sent, .sent])

        // A letter no node sent within a day of the order (no mail server then) is withdrawn.
        let late = try await other.place(request([("LS-M", 1)]), at: placed)
        let pass = try await OutboxSender(mail: transport, from: from, name: "a", now: { placed.addingTimeInterval(2 * 86_400) }).send(store)
        #expect(pass.sent == 0 && delivered.withLock { $0.count } == 2)
        #expect(try await store.mail(aboutOrder: late.number).map(\.state) == [.withdrawn])
      }
    }

    /// The owner fulfils an order or cancels it. Of many cancelling one order at once through two
    /// nodes, one cancels it and the stock comes back once; the others are told it is cancelled
    /// already. A fulfilled order cannot be cancelled, nor fulfilled again.
    @Test(arguments: Kind.allCases)
    func anOrderIsFulfilledOrCancelledOnceAndItsStockComesBackOnce(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        try await store.save([Self.shirt])
        let placed = Date(timeIntervalSince1970: 1_796_000_000)
        let first = try await store.place(request([("LS-S", 4), ("LS-M", 1)]), at: placed)
        var second = request([("LS-S", 1)])
        second.name = "Bo Ek"
        second.email = "bo@example.org"
        let next = try await other.place(second, at: placed.addingTimeInterval(60))
        let outcomes = try await withThrowingTaskGroup(of: Result<Order, StellaStoreError>.self) { group in
            for index in 0..<20 {
                group.addTask {
                    do { return .success(try await (index.isMultiple(of: 2) ? store : other).cancel(number: first.number, by: "node \(index % 2)", at: placed)) }
                    catch let error as StellaStoreError { return .failure(error) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count { if case .success = $0 { true } else { false } } == 1)
        #expect(outcomes.allSatisfy { if case .failure(let error) = $0 { error == .orderClosed(first.number, .cancelled) } else { true } })
        #expect(try await store.products()[0].variants.map(\.stock) == [9, 3], "4 and 1 back once; the other order's 1 still taken")
        let cancelled = try await other.order(number: first.number)
        #expect(cancelled.state == .cancelled && cancelled.history.map(\.state) == [.cancelled] && cancelled.history.first?.by.hasPrefix("node ") == true)

        let sent = try await other.fulfil(number: next.number, tracking: "DHL 123", by: "ann (command line)", at: placed.addingTimeInterval(120))
        #expect(sent.state == .fulfilled && sent.history == [Order.Event(at: placed.addingTimeInterval(120), state: .fulfilled, note: "DHL 123", by: "ann (command line)")])
        await #expect(throws: StellaStoreError.orderClosed(next.number, .fulfilled)) { try await store.cancel(number: next.number, by: "ann", at: placed) }
        await #expect(throws: StellaStoreError.orderClosed(next.number, .fulfilled)) { try await store.fulfil(number: next.number, tracking: nil, by: "ann", at: placed) }
        await #expect(throws: StellaStoreError.unknownOrder("S-999999")) { try await store.cancel(number: "s-999999", by: "ann", at: placed) }
        #expect(try await store.products()[0].variants.map(\.stock) == [9, 3], "a fulfilled order's stock stays sold")

        // The owner's list: by state, and searched by number, name or email.
        #expect(try await store.orders(state: .open, search: "", limit: 10, offset: 0).isEmpty)
        #expect(try await store.orders(state: nil, search: "", limit: 10, offset: 0).map(\.number) == [next.number, first.number])
        #expect(try await store.orders(state: .cancelled, search: "", limit: 10, offset: 0).map(\.number) == [first.number])
        #expect(try await store.orders(state: nil, search: "BO@EXAMPLE", limit: 10, offset: 0).map(\.number) == [next.number])
        #expect(try await store.orders(state: nil, search: "ann lee", limit: 10, offset: 0).map(\.number) == [first.number])
        #expect(try await store.orders(state: nil, search: "000002", limit: 10, offset: 0).map(\.number) == [next.number])
        #expect(try await store.orders(state: nil, search: "%", limit: 10, offset: 0).isEmpty, "a % is a character, not a wildcard")
      }
    }

    /// The owner sets a variant's stock; each adjustment is kept with the stock it found, even
    /// when two nodes set it at once, and the catalogue in memory takes it up.
    @Test(arguments: Kind.allCases)
    func stockIsSetByTheOwnerAndEachAdjustmentKeptWithWhatItFound(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        try await store.save([Self.shirt])
        let catalogue = StoreCatalogue(store: other, maximumAge: .zero)
        #expect(try await catalogue.catalogue().stock(of: "LS-S") == 10)
        let at = Date(timeIntervalSince1970: 1_796_000_000)
        try await withThrowingTaskGroup(of: StockAdjustment.self) { group in
            for count in 1...12 { group.addTask { try await (count.isMultiple(of: 2) ? store : other).setStock(sku: "LS-S", to: count, by: "node \(count % 2)", at: at) } }
            try await group.waitForAll()
        }
        let history = try await other.stockAdjustments(sku: "LS-S", limit: 100)
        #expect(history.count == 12 && history.last?.before == 10)
        #expect(zip(history.dropFirst(), history).allSatisfy { older, newer in newer.before == older.after }, "each found what the one before left")
        let now = try #require(history.first?.after)
        let inMemory = try await catalogue.catalogue().stock(of: "LS-S")
        #expect(try await store.products()[0].variants[0].stock == now && inMemory == now)
        await #expect(throws: StellaStoreError.unknownSKU("NOPE")) { try await store.setStock(sku: "NOPE", to: 1, by: "ann", at: at) }
        #expect(try await store.stockAdjustments(sku: nil, limit: 3).count == 3)
      }
    }

    /// A store kept by the version before one schema (SQLite's tables without `stella_`, and its
    /// change numbers in one row; PostgreSQL's arrays and JSONB) keeps its catalogue, its stock,
    /// its orders and its change numbers when the store opens it.
    @Test(arguments: Kind.allCases)
    func aStoreOfTheVersionBeforeKeepsEverything(_ kind: Kind) async throws {
        let before = Array(SQLStellaStore.migrations(kind == .sqlite ? .sqlite : .postgres).prefix(3))
        let placed = Date(timeIntervalSince1970: 1_796_000_000)
        @Sendable func check(_ store: SQLStellaStore) async throws {
            try await store.migrate()
            let products = try await store.products()
            #expect(products.map(\.code) == ["linen-shirt"] && products[0].tags == ["summer"] && products[0].variants.map(\.values) == [["S"]])
            #expect(products[0].options == [ProductOption(name: "Size", values: ["S"])] && products[0].variants.map(\.stock) == [7])
            let order = try await store.order(number: "S-000001")
            #expect(order.lines.map(\.sku) == ["LS-S"] && order.key == "k1" && abs(order.placed.timeIntervalSince(placed)) < 0.001)
            let changes = try await store.changes(since: 0)
            #expect(changes.catalogue == 2 && changes.stock == 3 && changes.variants == ["LS-S": 7])
            let next = try await store.place(request([("LS-S", 1)]), at: placed)
            let after = try await store.changes(since: 3)
            #expect(next.number == "S-000002" && after.stock > 3 && after.variants == ["LS-S": 6])
        }
        let old: [SQL] = [
            kind == .sqlite
                ? "INSERT INTO products VALUES ('linen-shirt', 1, 'Linen shirt', '', 'Stella', 'Shirts', '[\"summer\"]', '[[\"Size\",\"S\"]]', '[]')"
                : "INSERT INTO stella_products VALUES ('linen-shirt', 1, 'Linen shirt', '', 'Stella', 'Shirts', '{summer}', '[[\"Size\",\"S\"]]', '[]')",
            kind == .sqlite
                ? "INSERT INTO variants (sku, handle, position, option_values, price, currency, stock, changed) VALUES ('LS-S', 'linen-shirt', 0, '[\"S\"]', 4990, 'EUR', 7, 3)"
                : "INSERT INTO stella_variants (sku, handle, position, option_values, price, currency, stock, changed) VALUES ('LS-S', 'linen-shirt', 0, '{S}', 4990, 'EUR', 7, 3)",
            kind == .sqlite
                ? "INSERT INTO orders (id, number, name, email, address, placed, key) VALUES (1, 'S-000001', 'Ann', 'a@example.org', 'Bath', \(placed), 'k1')"
                : "INSERT INTO stella_orders (id, number, name, email, address, placed, key) VALUES (nextval('stella_order_numbers'), 'S-000001', 'Ann', 'a@example.org', 'Bath', \(placed), 'k1')",
            kind == .sqlite
                ? "INSERT INTO order_lines (order_id, position, sku, quantity, price, currency, title) VALUES (1, 0, 'LS-S', 3, 4990, 'EUR', 'Linen shirt — S')"
                : "INSERT INTO stella_order_lines (order_id, position, sku, quantity, price, currency, title) VALUES (1, 0, 'LS-S', 3, 4990, 'EUR', 'Linen shirt — S')",
            kind == .sqlite ? "UPDATE store_changes SET catalogue = 2, stock = 3" : "UPDATE stella_catalogue_changes SET number = 2",
        ] + (kind == .sqlite ? [] : ["SELECT setval('stella_stock_changes', 3)"])
        switch kind {
        case .sqlite:
            let directory = try TemporaryDirectory()
            let database = try SQLiteDatabase(path: directory.path("stella.sqlite"))
            try database.migrate(before)
            _ = try await database.write { db in try db.execute(old) }
            try await check(try SQLStellaStore(path: directory.path("stella.sqlite")))
        case .postgres:
            guard let url = PostgresTestServer.url() else { return }
            try await PostgresTestServer.withEmptyDatabase(url) { configuration in
                try await PostgresTestServer.withClient(configuration) { client in
                    let database = PostgreSQLDatabase(client: client)
                    try await database.migrate(before)
                    _ = try await database.write { db in try db.execute(old) }
                    try await check(SQLStellaStore(database: database))
                }
            }
        }
    }

    /// A store that counts its whole reads, for the catalogue in memory over it.
    final class CountingReads: StellaStore, Sendable {
        let store: any StellaStore
        let reads = Mutex(0)

        init(_ store: any StellaStore) {
            self.store = store
        }

        func products() async throws -> [Product] {
            reads.withLock { $0 += 1 }
            return try await store.products()
        }

        func changes(since stock: Int64) async throws -> StoreChanges { try await store.changes(since: stock) }
        func save(_ products: [Product], statuses: [String: Product.Status], deleting: [String]) async throws {
            try await store.save(products, statuses: statuses, deleting: deleting)
        }
        func seed(_ products: [Product]) async throws -> Bool { try await store.seed(products) }
        func orders(state: Order.State?, search: String, limit: Int, offset: Int) async throws -> [Order] {
            try await store.orders(state: state, search: search, limit: limit, offset: offset)
        }
        func fulfil(number: String, tracking: String?, by: String, at date: Date) async throws -> Order {
            try await store.fulfil(number: number, tracking: tracking, by: by, at: date)
        }
        func cancel(number: String, by: String, at date: Date) async throws -> Order { try await store.cancel(number: number, by: by, at: date) }
        func setStock(_ counts: [(sku: String, stock: Int)], by: String, at date: Date) async throws -> [StockAdjustment] {
            try await store.setStock(counts, by: by, at: date)
        }
        func stockAdjustments(sku: String?, limit: Int) async throws -> [StockAdjustment] { try await store.stockAdjustments(sku: sku, limit: limit) }
        func order(number: String) async throws -> Order { try await store.order(number: number) }
        func mail(aboutOrder number: String) async throws -> [QueuedMail] { try await store.mail(aboutOrder: number) }
        func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [QueuedMail] {
            try await store.claim(limit: limit, now: now, lease: lease, sender: sender)
        }
        func record(_ outcome: OutboxOutcome, of id: Int64, sender: String) async throws { try await store.record(outcome, of: id, sender: sender) }
        func order(key: String) async throws -> Order { try await store.order(key: key) }
        func place(_ request: OrderRequest, at date: Date) async throws -> Order { try await store.place(request, at: date) }
    }

    /// The catalogue in memory asks the store what changed: stock another node's orders took is
    /// put in place without reading the catalogue again; an import is read whole.
    @Test(arguments: Kind.allCases)
    func theCatalogueInMemoryTakesStockChangesWithoutReadingItAgain(_ kind: Kind) async throws {
      try await withTwoStores(kind) { store, other in
        try await store.save([Self.shirt])
        let counting = CountingReads(store)
        let catalogue = StoreCatalogue(store: counting, maximumAge: .zero)
        #expect(try await catalogue.catalogue().products[0].variants.map(\.stock) == [10, 3])
        _ = try await other.place(request([("LS-S", 4)]), at: Date())
        _ = try await other.place(request([("LS-M", 1), ("LS-S", 1)]), at: Date())
        #expect(try await catalogue.catalogue().products[0].variants.map(\.stock) == [5, 2])
        #expect(try await catalogue.catalogue().products[0].variants.map(\.stock) == [5, 2], "asked again, the same")
        #expect(counting.reads.withLock { $0 } == 1, "stock is put in place, not read whole")
        var renamed = Self.shirt
        renamed.name = "Linen overshirt"
        try await other.save([renamed])
        let after = try await catalogue.catalogue().products[0]
        #expect(after.name == "Linen overshirt" && after.variants.map(\.stock) == [5, 2])
        #expect(counting.reads.withLock { $0 } == 2, "an import is read whole")
      }
    }
}
