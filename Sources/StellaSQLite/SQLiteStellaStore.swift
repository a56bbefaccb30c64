import Foundation
import GRDB
import Stella

/// Stella's catalogue, stock and orders in one SQLite file through GRDB. A `CHECK` keeps every
/// variant's stock at zero or more, and an order takes its stock with conditional updates in
/// the one write transaction SQLite runs at a time: of many shoppers ordering the last item,
/// one gets it. GRDB's errors do not leave this type.
public final class SQLiteStellaStore: StellaStore {
    private let database: any DatabaseWriter

    /// Opens or creates the store at `path`; throws `StoreError.failed` naming it.
    public init(path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        do {
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw .failed("cannot open the store at \(path): \(error)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("catalogue and orders") { db in
            try db.execute(sql: """
                CREATE TABLE products (
                    handle TEXT PRIMARY KEY,
                    position INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    body_html TEXT NOT NULL,
                    vendor TEXT NOT NULL,
                    type TEXT NOT NULL,
                    tags TEXT NOT NULL,
                    options TEXT NOT NULL,
                    pictures TEXT NOT NULL
                );
                CREATE TABLE variants (
                    sku TEXT PRIMARY KEY,
                    handle TEXT NOT NULL REFERENCES products(handle) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    option_values TEXT NOT NULL,
                    price INTEGER NOT NULL,
                    compare_at_price INTEGER,
                    currency TEXT NOT NULL,
                    stock INTEGER NOT NULL CHECK (stock >= 0),
                    picture TEXT
                );
                CREATE INDEX variants_of_product ON variants(handle, position);
                CREATE TABLE orders (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    number TEXT UNIQUE,
                    name TEXT NOT NULL,
                    email TEXT NOT NULL,
                    address TEXT NOT NULL,
                    placed DATETIME NOT NULL
                );
                CREATE TABLE order_lines (
                    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    sku TEXT NOT NULL,
                    quantity INTEGER NOT NULL CHECK (quantity > 0),
                    price INTEGER NOT NULL,
                    currency TEXT NOT NULL,
                    PRIMARY KEY (order_id, position)
                );
                """)
        }
        migrator.registerMigration("order keys and line titles") { db in
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN key TEXT;
                UPDATE orders SET key = lower(hex(randomblob(16)));
                CREATE UNIQUE INDEX orders_by_key ON orders(key);
                ALTER TABLE order_lines ADD COLUMN title TEXT NOT NULL DEFAULT '';
                """)
        }
        // What changed since a reader looked: the catalogue's number, and each variant's last stock change.
        migrator.registerMigration("change numbers") { db in
            try db.execute(sql: """
                ALTER TABLE variants ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX variants_by_change ON variants(changed);
                CREATE TABLE store_changes (catalogue INTEGER NOT NULL, stock INTEGER NOT NULL);
                INSERT INTO store_changes VALUES (0, 0);
                """)
        }
        return migrator
    }

    private func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do { return try await database.write(body) } catch let error as DatabaseError {
            throw StoreError.failed("the store at \(database.path) failed: \(error.message ?? error.description)")
        }
    }

    private func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do { return try await database.read(body) } catch let error as DatabaseError {
            throw StoreError.failed("the store at \(database.path) failed: \(error.message ?? error.description)")
        }
    }

    // MARK: Catalogue

    public func save(_ products: [Product]) async throws {
        try await write { db in try Self.save(products, in: db) }
    }

    public func seed(_ products: [Product]) async throws -> Bool {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM products") == 0 else { return false }
            try Self.save(products, in: db)
            return true
        }
    }

    private static func save(_ products: [Product], in db: Database) throws {
            try db.execute(sql: "UPDATE store_changes SET catalogue = catalogue + 1")
            var position = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), 0) FROM products") ?? 0
            for product in products {
                position += 1
                try db.execute(sql: """
                    INSERT INTO products (handle, position, title, body_html, vendor, type, tags, options, pictures) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (handle) DO UPDATE SET title = excluded.title, body_html = excluded.body_html, vendor = excluded.vendor, type = excluded.type,
                        tags = excluded.tags, options = excluded.options, pictures = excluded.pictures
                    """, arguments: [product.code, position, product.name, product.description, product.brand, product.type, try Self.json(product.tags),
                                     try Self.json(product.options.map { [$0.name] + $0.values }),
                                     try Self.json(product.pictures.map { [$0.source, String($0.position), $0.alt] })])
                try db.execute(literal: "DELETE FROM variants WHERE handle = \(product.code) AND sku NOT IN \(product.variants.map(\.sku))")
                for (index, variant) in product.variants.enumerated() {
                    try db.execute(sql: """
                        INSERT INTO variants (sku, handle, position, option_values, price, compare_at_price, currency, stock, picture) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (sku) DO UPDATE SET position = excluded.position, option_values = excluded.option_values,
                            price = excluded.price, compare_at_price = excluded.compare_at_price, currency = excluded.currency, picture = excluded.picture
                        WHERE variants.handle = excluded.handle
                        """, arguments: [variant.sku, product.code, index, try Self.json(variant.values), variant.price.minorUnits,
                                         variant.compareAtPrice?.minorUnits, variant.price.currency, variant.stock, variant.picture])
                    // Thrown inside the transaction: nothing of the catalogue is saved.
                    guard db.changesCount == 1 else { throw StoreError.skuTaken(variant.sku, product: product.code) }
                }
            }
    }

    public func products() async throws -> [Product] {
        try await read { db in
            let variants = Dictionary(grouping: try Row.fetchAll(db, sql: "SELECT * FROM variants ORDER BY handle, position"), by: { $0["handle"] as String })
            return try Row.fetchAll(db, sql: "SELECT * FROM products ORDER BY position").map { row in
                let handle: String = row["handle"]
                let options: [[String]] = try Self.decode(row["options"])
                let pictures: [[String]] = try Self.decode(row["pictures"])
                return Product(
                    code: handle, name: row["title"], brand: row["vendor"], type: row["type"], tags: try Self.decode(row["tags"]), description: row["body_html"],
                    options: options.map { ProductOption(name: $0.first ?? "", values: Array($0.dropFirst())) },
                    variants: try (variants[handle] ?? []).map { variant in
                        let currency: String = variant["currency"]
                        return ProductVariant(sku: variant["sku"], values: try Self.decode(variant["option_values"]), price: Money(minorUnits: variant["price"], currency: currency),
                                              compareAtPrice: (variant["compare_at_price"] as Int?).map { Money(minorUnits: $0, currency: currency) }, stock: variant["stock"],
                                              picture: variant["picture"])
                    },
                    pictures: pictures.map { ProductPicture(source: $0[0], position: Int($0[1]) ?? 1, alt: $0[2]) })
            }
        }
    }

    public func changes(since stock: Int64) async throws -> StoreChanges {
        try await read { db in
            guard let numbers = try Row.fetchOne(db, sql: "SELECT catalogue, stock FROM store_changes") else { return StoreChanges(catalogue: 0, stock: 0) }
            let rows = try Row.fetchAll(db, sql: "SELECT sku, stock FROM variants WHERE changed > ?", arguments: [stock])
            return StoreChanges(catalogue: numbers["catalogue"], stock: numbers["stock"],
                                variants: Dictionary(rows.map { ($0["sku"], $0["stock"]) }, uniquingKeysWith: { _, last in last }))
        }
    }

    // MARK: Orders

    public func place(_ request: OrderRequest, at date: Date) async throws -> Order {
        try await write { db in
            var lines: [OrderLine] = []
            var shortages: [Shortage] = []
            // One line a variant, however often the request names it.
            var wanted: [(String, Int)] = []
            for item in request.items {
                if let index = wanted.firstIndex(where: { $0.0 == item.sku }) { wanted[index].1 += item.quantity } else { wanted.append((item.sku, item.quantity)) }
            }
            // The order's stock change, which catalogues in memory ask for (`changes(since:)`).
            try db.execute(sql: "UPDATE store_changes SET stock = stock + 1")
            let change = try Int64.fetchOne(db, sql: "SELECT stock FROM store_changes") ?? 0
            for (sku, quantity) in wanted {
                try db.execute(sql: "UPDATE variants SET stock = stock - ?, changed = ? WHERE sku = ? AND stock >= ?", arguments: [quantity, change, sku, quantity])
                let taken = db.changesCount == 1
                let row = try Row.fetchOne(db, sql: """
                    SELECT stock, price, currency, option_values, title FROM variants JOIN products USING (handle) WHERE sku = ?
                    """, arguments: [sku])
                if !taken || row == nil {
                    shortages.append(Shortage(sku: sku, wanted: quantity, left: row?["stock"]))
                } else if let row {
                    lines.append(OrderLine(sku: sku, title: OrderLine.title(row["title"], values: try Self.decode(row["option_values"])), quantity: quantity,
                                           price: Money(minorUnits: row["price"], currency: row["currency"])))
                }
            }
            // Thrown inside the transaction: GRDB rolls the stock taken back.
            guard shortages.isEmpty else { throw StoreError.short(shortages) }
            let key = Order.newKey()
            try db.execute(sql: "INSERT INTO orders (name, email, address, placed, key) VALUES (?, ?, ?, ?, ?)",
                           arguments: [request.name, request.email, request.address, date, key])
            let id = db.lastInsertedRowID
            let number = Order.number(id)
            try db.execute(sql: "UPDATE orders SET number = ? WHERE id = ?", arguments: [number, id])
            for (position, line) in lines.enumerated() {
                try db.execute(sql: "INSERT INTO order_lines (order_id, position, sku, title, quantity, price, currency) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               arguments: [id, position, line.sku, line.title, line.quantity, line.price.minorUnits, line.price.currency])
            }
            return Order(number: number, key: key, lines: lines, name: request.name, email: request.email, address: request.address, placed: date)
        }
    }

    public func orders(limit: Int, offset: Int) async throws -> [Order] {
        try await read { db in try Self.orders(in: db, "ORDER BY id DESC LIMIT ? OFFSET ?", [limit, offset]) }
    }

    public func order(number: String) async throws -> Order {
        let found = try await read { db in try Self.orders(in: db, "WHERE number = ?", [number.uppercased()]) }
        guard let order = found.first else { throw StoreError.unknownOrder(number) }
        return order
    }

    public func order(key: String) async throws -> Order {
        let found = try await read { db in try Self.orders(in: db, "WHERE key = ?", [key]) }
        guard let order = found.first else { throw StoreError.unknownOrder(key) }
        return order
    }

    private static func orders(in db: Database, _ condition: String, _ arguments: StatementArguments) throws -> [Order] {
        try Row.fetchAll(db, sql: "SELECT * FROM orders " + condition, arguments: arguments).map { row in
            let lines = try Row.fetchAll(db, sql: "SELECT * FROM order_lines WHERE order_id = ? ORDER BY position", arguments: [row["id"] as Int64]).map { line in
                OrderLine(sku: line["sku"], title: line["title"], quantity: line["quantity"], price: Money(minorUnits: line["price"], currency: line["currency"]))
            }
            return Order(number: row["number"], key: row["key"], lines: lines, name: row["name"], email: row["email"], address: row["address"], placed: row["placed"])
        }
    }

    private static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
