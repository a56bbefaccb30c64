import Foundation
import ListorPostgres
import Logging
import PostgresNIO
import Stella

/// Stella's catalogue, stock and orders in PostgreSQL, for several `serve` nodes selling from one
/// stock. An order takes each line's stock with a conditional `UPDATE … WHERE stock >= n` in its
/// transaction: the row lock makes orders of one variant take turns, so the last item is sold
/// once, and a `CHECK` keeps stock at zero or more whatever the code above does.
public final class PostgresStellaStore: StellaStore {
    private let client: PostgresClient
    private let location: String
    private let logger: Logger

    public init(client: PostgresClient, location: String = "PostgreSQL", logger: Logger = Logger(label: "listor.stella.postgres")) {
        self.client = client
        self.location = location
        self.logger = logger
    }

    static let migrator = PostgresMigrator([
        .statements("catalogue and orders", [
            """
            CREATE TABLE stella_products (
                handle TEXT PRIMARY KEY, position BIGSERIAL, title TEXT NOT NULL, body_html TEXT NOT NULL, vendor TEXT NOT NULL, type TEXT NOT NULL,
                tags TEXT[] NOT NULL, options JSONB NOT NULL, pictures JSONB NOT NULL)
            """,
            """
            CREATE TABLE stella_variants (
                sku TEXT PRIMARY KEY, handle TEXT NOT NULL REFERENCES stella_products(handle) ON DELETE CASCADE, position INTEGER NOT NULL,
                option_values TEXT[] NOT NULL, price BIGINT NOT NULL, compare_at_price BIGINT, currency TEXT NOT NULL,
                stock INTEGER NOT NULL CHECK (stock >= 0), picture TEXT)
            """,
            "CREATE INDEX stella_variants_of_product ON stella_variants(handle, position)",
            "CREATE SEQUENCE stella_order_numbers",
            """
            CREATE TABLE stella_orders (
                id BIGINT PRIMARY KEY DEFAULT nextval('stella_order_numbers'), number TEXT UNIQUE NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
                address TEXT NOT NULL, placed TIMESTAMPTZ NOT NULL)
            """,
            """
            CREATE TABLE stella_order_lines (
                order_id BIGINT NOT NULL REFERENCES stella_orders(id) ON DELETE CASCADE, position INTEGER NOT NULL, sku TEXT NOT NULL,
                quantity INTEGER NOT NULL CHECK (quantity > 0), price BIGINT NOT NULL, currency TEXT NOT NULL, PRIMARY KEY (order_id, position))
            """,
        ]),
        .statements("order keys and line titles", [
            "ALTER TABLE stella_orders ADD COLUMN key TEXT UNIQUE",
            "UPDATE stella_orders SET key = md5(random()::text || clock_timestamp()::text || id::text)",
            "ALTER TABLE stella_orders ALTER COLUMN key SET NOT NULL",
            "ALTER TABLE stella_order_lines ADD COLUMN title TEXT NOT NULL DEFAULT ''",
        ]),
        // What changed since a reader looked: the catalogue's number, and each variant's last stock change.
        .statements("change numbers", [
            "ALTER TABLE stella_variants ADD COLUMN changed BIGINT NOT NULL DEFAULT 0",
            "CREATE INDEX stella_variants_by_change ON stella_variants(changed)",
            "CREATE SEQUENCE stella_stock_changes",
            "CREATE TABLE stella_catalogue_changes (number BIGINT NOT NULL)",
            "INSERT INTO stella_catalogue_changes VALUES (0)",
        ]),
    ])

    /// Stock changes re-read behind the latest asked about: an order's number is taken when it
    /// starts, and one that commits after a later-numbered one must not be missed.
    static let inFlight: Int64 = 1000

    /// Runs `body` with the store of the database at `url`: connected, its client running and its
    /// schema migrated; a database that cannot be used fails at once with the reason.
    public static func withStore<T: Sendable>(at url: PostgresURL, logger: Logger = Logger(label: "listor.stella.postgres"),
                                              _ body: @Sendable (PostgresStellaStore) async throws -> T) async throws -> T {
        do { try await url.checkConnection(logger: logger) } catch {
            throw StoreError.failed("cannot use the store's database at \(url): \(PostgresProblem.reason(error, target: url.address))")
        }
        let client = PostgresClient(configuration: url.clientConfiguration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let store = PostgresStellaStore(client: client, location: url.description, logger: logger)
            try await store.migrate()
            return try await body(store)
        }
    }

    /// Creates the tables on a new database, once even when several nodes start together.
    public func migrate() async throws {
        try await translating {
            try await PostgresProblem.transaction(client, logger: logger) { connection in try await Self.migrator.migrate(on: connection, logger: logger) }
        }
    }

    private func translating<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as PSQLError {
            throw StoreError.failed("cannot use the store's database at \(location): \(PostgresProblem.reason(error))")
        } catch let error as PostgresTransactionError {
            throw StoreError.failed("cannot use the store's database at \(location): \(error)")
        }
    }

    // MARK: Catalogue

    public func save(_ products: [Product]) async throws {
        try await translating {
            try await PostgresProblem.transaction(client, logger: logger) { connection in try await self.save(products, on: connection) }
        }
    }

    public func seed(_ products: [Product]) async throws -> Bool {
        try await translating {
            try await PostgresProblem.transaction(client, logger: logger) { connection in
                // One node seeds; one starting at the same moment waits for it, then finds the products.
                try await connection.query("LOCK TABLE stella_products IN SHARE ROW EXCLUSIVE MODE", logger: self.logger)
                var count = 0
                for try await value in try await connection.query("SELECT count(*) FROM stella_products", logger: self.logger).decode(Int.self) { count = value }
                guard count == 0 else { return false }
                try await self.save(products, on: connection)
                return true
            }
        }
    }

    private func save(_ products: [Product], on connection: PostgresConnection) async throws {
                try await connection.query("UPDATE stella_catalogue_changes SET number = number + 1", logger: logger)
                for product in products {
                    try await connection.query("""
                        INSERT INTO stella_products (handle, title, body_html, vendor, type, tags, options, pictures)
                        VALUES (\(product.code), \(product.name), \(product.description), \(product.brand), \(product.type), \(product.tags),
                                \(Self.json(product.options.map { [$0.name] + $0.values }))::jsonb, \(Self.json(product.pictures.map { [$0.source, String($0.position), $0.alt] }))::jsonb)
                        ON CONFLICT (handle) DO UPDATE SET title = excluded.title, body_html = excluded.body_html, vendor = excluded.vendor, type = excluded.type,
                            tags = excluded.tags, options = excluded.options, pictures = excluded.pictures
                        """, logger: logger)
                    try await connection.query("DELETE FROM stella_variants WHERE handle = \(product.code) AND NOT sku = ANY(\(product.variants.map(\.sku)))",
                                               logger: logger)
                    for (index, variant) in product.variants.enumerated() {
                        var saved = false
                        for try await _ in try await connection.query("""
                            INSERT INTO stella_variants (sku, handle, position, option_values, price, compare_at_price, currency, stock, picture)
                            VALUES (\(variant.sku), \(product.code), \(index), \(variant.values), \(variant.price.minorUnits), \(variant.compareAtPrice?.minorUnits),
                                    \(variant.price.currency), \(variant.stock), \(variant.picture))
                            ON CONFLICT (sku) DO UPDATE SET position = excluded.position, option_values = excluded.option_values,
                                price = excluded.price, compare_at_price = excluded.compare_at_price, currency = excluded.currency, picture = excluded.picture
                            WHERE stella_variants.handle = excluded.handle
                            RETURNING sku
                            """, logger: logger).decode(String.self) { saved = true }
                        // Thrown inside the transaction: nothing of the catalogue is saved.
                        guard saved else { throw StoreError.skuTaken(variant.sku, product: product.code) }
                    }
                }
    }

    public func products() async throws -> [Product] {
        try await translating {
            var variants: [String: [ProductVariant]] = [:]
            let variantRows = try await client.query("""
                SELECT handle, sku, option_values, price, compare_at_price, currency, stock, picture FROM stella_variants ORDER BY handle, position
                """, logger: logger)
            for try await (handle, sku, values, price, compare, currency, stock, picture) in variantRows.decode((String, String, [String], Int, Int?, String, Int, String?).self) {
                variants[handle, default: []].append(ProductVariant(sku: sku, values: values, price: Money(minorUnits: price, currency: currency),
                                                                    compareAtPrice: compare.map { Money(minorUnits: $0, currency: currency) }, stock: stock, picture: picture))
            }
            var products: [Product] = []
            let rows = try await client.query("""
                SELECT handle, title, body_html, vendor, type, tags, options::text, pictures::text FROM stella_products ORDER BY position
                """, logger: logger)
            for try await (handle, title, body, vendor, type, tags, options, pictures) in rows.decode((String, String, String, String, String, [String], String, String).self) {
                let optionLists: [[String]] = try Self.decode(options)
                let pictureLists: [[String]] = try Self.decode(pictures)
                products.append(Product(code: handle, name: title, brand: vendor, type: type, tags: tags, description: body,
                                               options: optionLists.map { ProductOption(name: $0.first ?? "", values: Array($0.dropFirst())) },
                                               variants: variants[handle] ?? [],
                                               pictures: pictureLists.map { ProductPicture(source: $0[0], position: Int($0[1]) ?? 1, alt: $0[2]) }))
            }
            return products
        }
    }

    public func changes(since stock: Int64) async throws -> StoreChanges {
        try await translating {
            var changes = StoreChanges(catalogue: 0, stock: 0)
            for try await number in try await client.query("SELECT number FROM stella_catalogue_changes", logger: logger).decode(Int64.self) {
                changes.catalogue = number
            }
            for try await latest in try await client.query("SELECT coalesce(max(changed), 0) FROM stella_variants", logger: logger).decode(Int64.self) {
                changes.stock = latest
            }
            let rows = try await client.query("SELECT sku, stock FROM stella_variants WHERE changed > \(stock - Self.inFlight)", logger: logger)
            for try await (sku, left) in rows.decode((String, Int).self) { changes.variants[sku] = left }
            return changes
        }
    }

    // MARK: Orders

    public func place(_ request: OrderRequest, at date: Date) async throws -> Order {
        try await translating {
            try await PostgresProblem.transaction(client, logger: logger) { connection in
                var wanted: [(String, Int)] = []
                for item in request.items {
                    if let index = wanted.firstIndex(where: { $0.0 == item.sku }) { wanted[index].1 += item.quantity } else { wanted.append((item.sku, item.quantity)) }
                }
                var lines: [OrderLine] = [], shortages: [Shortage] = []
                // The order's stock change, which catalogues in memory ask for (`changes(since:)`).
                var change: Int64 = 0
                for try await value in try await connection.query("SELECT nextval('stella_stock_changes')", logger: logger).decode(Int64.self) { change = value }
                // In SKU order, so that two orders of the same variants lock them in the same order.
                for (sku, quantity) in wanted.sorted(by: { $0.0 < $1.0 }) {
                    var taken: (Int, String, [String], String)?
                    for try await row in try await connection.query("""
                        UPDATE stella_variants v SET stock = stock - \(quantity), changed = \(change) FROM stella_products p
                        WHERE v.sku = \(sku) AND v.stock >= \(quantity) AND p.handle = v.handle RETURNING v.price, v.currency, v.option_values, p.title
                        """, logger: logger).decode((Int, String, [String], String).self) { taken = row }
                    if let (price, currency, values, title) = taken {
                        lines.append(OrderLine(sku: sku, title: OrderLine.title(title, values: values), quantity: quantity, price: Money(minorUnits: price, currency: currency)))
                    } else {
                        var left: Int?
                        for try await stock in try await connection.query("SELECT stock FROM stella_variants WHERE sku = \(sku)", logger: logger).decode(Int.self) { left = stock }
                        shortages.append(Shortage(sku: sku, wanted: quantity, left: left))
                    }
                }
                // Thrown inside the transaction: the stock taken is given back.
                guard shortages.isEmpty else { throw StoreError.short(wanted.compactMap { item in shortages.first { $0.sku == item.0 } }) }
                lines = wanted.compactMap { item in lines.first { $0.sku == item.0 } }
                var id: Int64 = 0
                for try await value in try await connection.query("SELECT nextval('stella_order_numbers')", logger: logger).decode(Int64.self) { id = value }
                let number = Order.number(id), key = Order.newKey()
                try await connection.query("""
                    INSERT INTO stella_orders (id, number, key, name, email, address, placed)
                    VALUES (\(id), \(number), \(key), \(request.name), \(request.email), \(request.address), \(date))
                    """, logger: logger)
                for (position, line) in lines.enumerated() {
                    try await connection.query("""
                        INSERT INTO stella_order_lines (order_id, position, sku, title, quantity, price, currency)
                        VALUES (\(id), \(position), \(line.sku), \(line.title), \(line.quantity), \(line.price.minorUnits), \(line.price.currency))
                        """, logger: logger)
                }
                return Order(number: number, key: key, lines: lines, name: request.name, email: request.email, address: request.address, placed: date)
            }
        }
    }

    public func orders(limit: Int, offset: Int) async throws -> [Order] {
        try await translating { try await orders("ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)") }
    }

    public func order(number: String) async throws -> Order {
        let found = try await translating { try await orders("WHERE number = \(number.uppercased())") }
        guard let order = found.first else { throw StoreError.unknownOrder(number) }
        return order
    }

    public func order(key: String) async throws -> Order {
        let found = try await translating { try await orders("WHERE key = \(key)") }
        guard let order = found.first else { throw StoreError.unknownOrder(key) }
        return order
    }

    private func orders(_ condition: PostgresQuery) async throws -> [Order] {
        var query: PostgresQuery = "SELECT id, number, key, name, email, address, placed FROM stella_orders "
        query.sql += condition.sql
        query.binds = condition.binds
        var orders: [(Int64, Order)] = []
        for try await (id, number, key, name, email, address, placed) in try await client.query(query, logger: logger).decode((Int64, String, String, String, String, String, Date).self) {
            orders.append((id, Order(number: number, key: key, lines: [], name: name, email: email, address: address, placed: placed)))
        }
        let lines = try await client.query("""
            SELECT order_id, sku, title, quantity, price, currency FROM stella_order_lines WHERE order_id = ANY(\(orders.map(\.0))) ORDER BY order_id, position
            """, logger: logger)
        var byOrder: [Int64: [OrderLine]] = [:]
        for try await (id, sku, title, quantity, price, currency) in lines.decode((Int64, String, String, Int, Int, String).self) {
            byOrder[id, default: []].append(OrderLine(sku: sku, title: title, quantity: quantity, price: Money(minorUnits: price, currency: currency)))
        }
        return orders.map { id, order in
            var order = order
            order.lines = byOrder[id] ?? []
            return order
        }
    }

    private static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
