import Foundation
import ListorKit
import ListorSQL
import Stella

/// Stella's catalogue, stock and orders, written once for a SQLite file (`stella.sqlite`) or a
/// PostgreSQL database (`--stella-db`) that several `serve` nodes sell from. An order takes each
/// line's stock with a conditional `UPDATE … WHERE stock >= n` in its transaction: of many
/// shoppers ordering the last item, one gets it. A variant that oversells may go below zero; an
/// untracked one's stock is left as it is; one that stopped overselling keeps what it owes. The database's errors do not leave this type: they become
/// `StellaStoreError.failed` naming it.
public struct SQLStellaStore: StellaStore {
    public let database: any SQLDatabase
    /// What the shopper is sent about an order, kept in the store's outbox with the change.
    public let letters: OrderLetters

    /// Stock changes re-read behind the latest asked about: on PostgreSQL an order's number is
    /// taken when it starts, and one that commits after a later-numbered one must not be missed.
    static let inFlight: Int64 = 1000

    public init(database: any SQLDatabase, letters: OrderLetters = OrderLetters()) {
        self.database = database
        self.letters = letters
    }

    /// The store in the SQLite file at `path`, made or brought up to date.
    public init(path: String, letters: OrderLetters = OrderLetters()) throws(StellaStoreError) {
        do {
            let database = try SQLiteDatabase(path: path)
            try database.migrate(Self.migrations(.sqlite))
            self.init(database: database, letters: letters)
        } catch {
            throw .failed("cannot open the store at \(path): \(error.message)")
        }
    }

    /// Makes the tables on a new database, once even when several nodes start together.
    public func migrate() async throws {
        do { try await database.migrate(Self.migrations(database.dialect)) } catch {
            throw StellaStoreError.failed("cannot open the store at \(database.location): \(error.message)")
        }
    }

    // MARK: Catalogue

    public func save(_ products: [Product], statuses: [String: Product.Status], deleting: [String]) async throws {
        try await write { db in
            try Self.save(products, in: db)
            for (handle, status) in statuses.sorted(by: { $0.key < $1.key }) {
                try db.execute("UPDATE stella_products SET status = \(status.rawValue) WHERE handle = \(handle)")
            }
            for start in stride(from: 0, to: deleting.count, by: 500) {
                let handles = deleting[start..<min(start + 500, deleting.count)]
                try db.execute("DELETE FROM stella_variants WHERE handle IN \(list: handles)")
                try db.execute("DELETE FROM stella_products WHERE handle IN \(list: handles)")
            }
        }
    }

    public func seed(_ products: [Product]) async throws -> Bool {
        try await write { db in
            if db.dialect == .postgres {
                // One node seeds; one starting at the same moment waits for it, then finds the products.
                try db.execute("LOCK TABLE stella_products IN SHARE ROW EXCLUSIVE MODE")
            }
            // A store that never had a catalogue: one whose owner deleted every product is no new store.
            guard try db.value("SELECT number FROM stella_catalogue_changes", as: Int64.self) == 0 else { return false }
            try Self.save(products, in: db)
            return true
        }
    }

    private static func save(_ products: [Product], in db: any SQLConnection) throws {
        try db.execute("UPDATE stella_catalogue_changes SET number = number + 1")
        var position = try db.value("SELECT coalesce(max(position), 0) FROM stella_products", as: Int64.self) ?? 0
        for product in products {
            position += 1
            try db.execute("""
                INSERT INTO stella_products (handle, position, title, body_html, vendor, type, tags, options, pictures, status, published, details)
                VALUES (\(product.code), \(position), \(product.name), \(product.description), \(product.brand), \(product.type), \(try json(product.tags)),
                        \(try json(product.options.map { [$0.name] + $0.values })), \(try json(product.pictures.map { [$0.source, String($0.position), $0.alt] })),
                        \(product.status.rawValue), \(product.published), \(try json(product.details)))
                ON CONFLICT (handle) DO UPDATE SET title = excluded.title, body_html = excluded.body_html, vendor = excluded.vendor, type = excluded.type,
                    tags = excluded.tags, options = excluded.options, pictures = excluded.pictures, status = excluded.status, published = excluded.published,
                    details = excluded.details
                """)
            try db.execute("DELETE FROM stella_variants WHERE handle = \(product.code) AND sku NOT IN \(list: product.variants.map(\.sku))")
            for (index, variant) in product.variants.enumerated() {
                let saved = try db.rows("""
                    INSERT INTO stella_variants (sku, handle, position, option_values, price, compare_at_price, currency, stock, picture, tracked, oversells, details)
                    VALUES (\(variant.sku), \(product.code), \(index), \(try json(variant.values)), \(variant.price.minorUnits),
                            \(variant.compareAtPrice?.minorUnits), \(variant.price.currency), \(variant.stock), \(variant.picture), \(variant.tracked), \(variant.oversells),
                            \(try json(variant.details)))
                    ON CONFLICT (sku) DO UPDATE SET position = excluded.position, option_values = excluded.option_values,
                        price = excluded.price, compare_at_price = excluded.compare_at_price, currency = excluded.currency, picture = excluded.picture,
                        tracked = excluded.tracked, oversells = excluded.oversells, details = excluded.details
                    WHERE stella_variants.handle = excluded.handle
                    RETURNING sku
                    """)
                // Thrown inside the transaction: nothing of the catalogue is saved.
                guard !saved.isEmpty else { throw StellaStoreError.skuTaken(variant.sku, product: product.code) }
            }
        }
    }

    public func products() async throws -> [Product] {
        try await read { db in
            var variants: [String: [ProductVariant]] = [:]
            for row in try db.rows("""
                SELECT handle, sku, option_values, price, compare_at_price, currency, stock, picture, tracked, oversells, details
                FROM stella_variants ORDER BY handle, position
                """) {
                let currency: String = try row[5]
                variants[try row[0], default: []].append(ProductVariant(
                    sku: try row[1], values: try decode(try row[2]), price: Money(minorUnits: try row[3], currency: currency),
                    compareAtPrice: (try row[4] as Int?).map { Money(minorUnits: $0, currency: currency) }, stock: try row[6], picture: try row[7],
                    tracked: try row[8], oversells: try row[9], details: try decode(try row[10])))
            }
            return try db.rows("""
                SELECT handle, title, body_html, vendor, type, tags, options, pictures, status, published, details FROM stella_products ORDER BY position
                """).map { row in
                let handle: String = try row[0]
                let options: [[String]] = try decode(try row[6])
                let pictures: [[String]] = try decode(try row[7])
                return Product(code: handle, name: try row[1], brand: try row[3], type: try row[4], tags: try decode(try row[5]), description: try row[2],
                               options: options.map { ProductOption(name: $0.first ?? "", values: Array($0.dropFirst())) },
                               variants: variants[handle] ?? [],
                               pictures: pictures.map { ProductPicture(source: $0[0], position: Int($0[1]) ?? 1, alt: $0[2]) },
                               status: Product.Status(rawValue: try row[8]) ?? .draft, published: try row[9], details: try decode(try row[10]))
            }
        }
    }

    public func changes(since stock: Int64) async throws -> StoreChanges {
        try await read { db in
            var changes = StoreChanges(catalogue: try db.value("SELECT number FROM stella_catalogue_changes") ?? 0,
                                       stock: try db.value("SELECT coalesce(max(changed), 0) FROM stella_variants") ?? 0)
            for row in try db.rows("SELECT sku, stock FROM stella_variants WHERE changed > \(stock - Self.inFlight)") {
                changes.variants[try row[0]] = try row[1]
            }
            return changes
        }
    }

    // MARK: Orders

    public func place(_ request: OrderRequest, at date: Date) async throws -> Order {
        try await write { db in
            let wanted = request.lines
            var lines: [OrderLine] = [], shortages: [Shortage] = []
            // The order's stock change, which catalogues in memory ask for (`changes(since:)`).
            let change = try Self.next(.stockChange, in: db)
            // In SKU order, so that two orders of the same variants lock them in the same order.
            for item in wanted.sorted(by: { $0.sku < $1.sku }) {
                if let row = try db.row("""
                    UPDATE stella_variants SET stock = CASE WHEN tracked THEN stock - \(item.quantity) ELSE stock END, changed = \(change)
                    WHERE sku = \(item.sku) AND (stock >= \(item.quantity) OR oversells OR NOT tracked)
                      AND \(Self.onSale)
                    RETURNING price, currency, option_values, (SELECT title FROM stella_products p WHERE p.handle = stella_variants.handle)
                    """) {
                    lines.append(OrderLine(sku: item.sku, title: OrderLine.title(try row[3], values: try decode(try row[2])), quantity: item.quantity,
                                           price: Money(minorUnits: try row[0], currency: try row[1])))
                } else {
                    shortages.append(Shortage(sku: item.sku, wanted: item.quantity, left: (try db.value("SELECT stock FROM stella_variants WHERE sku = \(item.sku) AND \(Self.onSale)", as: Int.self)).map { max($0, 0) }))
                }
            }
            // Thrown inside the transaction: the stock taken is given back.
            guard shortages.isEmpty else { throw StellaStoreError.short(wanted.compactMap { item in shortages.first { $0.sku == item.sku } }) }
            lines = wanted.compactMap { item in lines.first { $0.sku == item.sku } }
            let id = try Self.next(.order, in: db)
            let number = Order.number(id), key = Order.newKey()
            try db.execute("""
                INSERT INTO stella_orders (id, number, key, name, email, address, placed)
                VALUES (\(id), \(number), \(key), \(request.name), \(request.email), \(request.address), \(date))
                """)
            for (position, line) in lines.enumerated() {
                try db.execute("""
                    INSERT INTO stella_order_lines (order_id, position, sku, title, quantity, price, currency)
                    VALUES (\(id), \(position), \(line.sku), \(line.title), \(line.quantity), \(line.price.minorUnits), \(line.price.currency))
                    """)
            }
            let order = Order(number: number, key: key, lines: lines, name: request.name, email: request.email, address: request.address, placed: date)
            try SQLMailOutbox.enqueue([letters.letter(order)], at: date, in: db)
            return order
        }
    }

    public func orders(state: Order.State?, search: String, limit: Int, offset: Int) async throws -> [Order] {
        let pattern = "%" + search.lowercased().replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        let inState: SQL = state.map { "state = \($0.rawValue)" } ?? "1 = 1"
        return try await orders("""
            WHERE \(inState)
              AND (lower(number) LIKE \(pattern) ESCAPE '\\' OR lower(name) LIKE \(pattern) ESCAPE '\\' OR lower(email) LIKE \(pattern) ESCAPE '\\')
            ORDER BY id DESC LIMIT \(limit) OFFSET \(offset)
            """)
    }

    public func fulfil(number: String, tracking: String?, by: String, at date: Date) async throws -> Order {
        try await close(number, as: .fulfilled, note: tracking, by: by, at: date) { _, _ in }
    }

    public func cancel(number: String, by: String, at date: Date) async throws -> Order {
        try await close(number, as: .cancelled, note: nil, by: by, at: date) { id, db in
            // The order's stock back, in the transaction that closes it: once, whoever else presses.
            let change = try Self.next(.stockChange, in: db)
            for line in try db.rows("SELECT sku, quantity FROM stella_order_lines WHERE order_id = \(id) ORDER BY sku") {
                let sku: String = try line[0], quantity: Int = try line[1]
                try db.execute("UPDATE stella_variants SET stock = stock + \(quantity), changed = \(change) WHERE sku = \(sku) AND tracked")
            }
        }
    }

    public func setStock(_ counts: [(sku: String, stock: Int)], by: String, at date: Date) async throws -> [StockAdjustment] {
        try await write { db in
            // On PostgreSQL each row is locked until its adjustment is kept: two owners at once
            // are kept one after the other, each with the stock it found.
            let lock: SQL = db.dialect == .postgres ? " FOR UPDATE" : ""
            let change = try Self.next(.stockChange, in: db)
            return try counts.map { sku, stock in
                guard let before = try db.value("SELECT stock FROM stella_variants WHERE sku = \(sku)\(lock)", as: Int.self) else {
                    throw StellaStoreError.unknownSKU(sku)
                }
                try db.execute("UPDATE stella_variants SET stock = \(stock), changed = \(change) WHERE sku = \(sku)")
                try db.execute("""
                    INSERT INTO stella_stock_adjustments (sku, at, stock_before, stock_after, by_whom) VALUES (\(sku), \(date), \(before), \(stock), \(by))
                    """)
                return StockAdjustment(sku: sku, at: date, before: before, after: stock, by: by)
            }
        }
    }

    public func stockAdjustments(sku: String?, limit: Int) async throws -> [StockAdjustment] {
        let of: SQL = sku.map { "WHERE sku = \($0)" } ?? ""
        return try await read { db in
            try db.rows("SELECT sku, at, stock_before, stock_after, by_whom FROM stella_stock_adjustments \(of) ORDER BY id DESC LIMIT \(limit)").map { row in
                StockAdjustment(sku: try row[0], at: try row[1], before: try row[2], after: try row[3], by: try row[4])
            }
        }
    }

    /// Moves an open order to `state` and keeps the event, with `also` done in the same
    /// transaction; of two asking at once, the second finds the order closed.
    private func close(_ number: String, as state: Order.State, note: String?, by: String, at date: Date,
                       also: @escaping @Sendable (Int64, any SQLConnection) throws -> Void) async throws -> Order {
        let number = number.uppercased()
        let letters = letters
        return try await write { db in
            guard let id = try db.value("""
                UPDATE stella_orders SET state = \(state.rawValue) WHERE number = \(number) AND state = \(Order.State.open.rawValue) RETURNING id
                """, as: Int64.self) else {
                guard let current = try db.value("SELECT state FROM stella_orders WHERE number = \(number)", as: String.self) else {
                    throw StellaStoreError.unknownOrder(number)
                }
                throw StellaStoreError.orderClosed(number, Order.State(rawValue: current) ?? .cancelled)
            }
            try also(id, db)
            try db.execute("""
                INSERT INTO stella_order_events (order_id, at, state, note, by_whom) VALUES (\(id), \(date), \(state.rawValue), \(note), \(by))
                """)
            let order = try Self.orders("WHERE id = \(id)", in: db)[0]
            try SQLMailOutbox.enqueue([letters.letter(order)], at: date, in: db)
            return order
        }
    }

    public func order(number: String) async throws -> Order {
        guard let order = try await orders("WHERE number = \(number.uppercased())").first else { throw StellaStoreError.unknownOrder(number) }
        return order
    }

    public func order(key: String) async throws -> Order {
        guard let order = try await orders("WHERE key = \(key)").first else { throw StellaStoreError.unknownOrder(key) }
        return order
    }

    private func orders(_ condition: SQL) async throws -> [Order] {
        try await read { db in try Self.orders(condition, in: db) }
    }

    private static func orders(_ condition: SQL, in db: any SQLConnection) throws -> [Order] {
        let orders = try db.rows("SELECT id, number, key, name, email, address, placed, state FROM stella_orders \(condition)")
        let ids = try orders.map { try $0[0] as Int64 }
        var history: [Int64: [Order.Event]] = [:]
        for row in try db.rows("SELECT order_id, at, state, note, by_whom FROM stella_order_events WHERE order_id IN \(list: ids) ORDER BY order_id, at") {
            history[try row[0], default: []].append(Order.Event(at: try row[1], state: Order.State(rawValue: try row[2]) ?? .open, note: try row[3], by: try row[4]))
        }
        var lines: [Int64: [OrderLine]] = [:]
        for row in try db.rows("""
            SELECT order_id, sku, title, quantity, price, currency FROM stella_order_lines
            WHERE order_id IN \(list: ids) ORDER BY order_id, position
            """) {
            lines[try row[0], default: []].append(OrderLine(sku: try row[1], title: try row[2], quantity: try row[3],
                                                            price: Money(minorUnits: try row[4], currency: try row[5])))
        }
        return try orders.map { row in
            Order(number: try row[1], key: try row[2], lines: lines[try row[0]] ?? [], name: try row[3], email: try row[4], address: try row[5],
                  placed: try row[6], state: Order.State(rawValue: try row[7]) ?? .open, history: history[try row[0]] ?? [])
        }
    }

    // MARK: Mail

    /// Withdraws the messages too old to be worth sending (`OrderLetters.freshFor`), then claims
    /// as every outbox does.
    public func claim(limit: Int, now: Date, lease: Date, sender: String) async throws -> [QueuedMail] {
        let stale = now.addingTimeInterval(-OrderLetters.freshFor)
        _ = try await write { db in
            try db.execute("""
                UPDATE mail_outbox SET state = 'withdrawn', ended = \(now), last_error = 'not sent within a day of the order: no mail server was set then'
                WHERE state = 'queued' AND attempts = 0 AND queued < \(stale)
                """)
        }
        return try await mail.claim(limit: limit, now: now, lease: lease, sender: sender)
    }

    public func record(_ outcome: OutboxOutcome, of id: Int64, sender: String) async throws {
        try await mail.record(outcome, of: id, sender: sender)
    }

    public func mail(aboutOrder number: String) async throws -> [QueuedMail] {
        try await mail.messages(keyPrefix: "order-\(number.uppercased())-")
    }

    private var mail: SQLMailOutbox { SQLMailOutbox(database: database) }

    // MARK: Helpers

    /// A variant of a product on sale: a draft's or an archived product's SKU is no SKU to a shopper.
    static let onSale: SQL = "handle IN (SELECT handle FROM stella_products WHERE status = \(Product.Status.active.rawValue) AND published)"

    enum Counter { case stockChange, order }

    /// The next stock change or order number: a sequence on PostgreSQL, where orders of other
    /// variants go on at once; on SQLite, whose writes take turns, the next number in the file.
    private static func next(_ counter: Counter, in db: any SQLConnection) throws -> Int64 {
        let statement: SQL = switch (counter, db.dialect) {
        case (.stockChange, .postgres): "SELECT nextval('stella_stock_changes')"
        case (.order, .postgres): "SELECT nextval('stella_order_numbers')"
        case (.stockChange, .sqlite): "UPDATE stella_stock_changes SET number = number + 1 RETURNING number"
        case (.order, .sqlite): "SELECT coalesce(max(id), 0) + 1 FROM stella_orders"
        }
        return try db.value(statement) ?? 1
    }

    private func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        do { return try await database.read(body) } catch let error as StorageError {
            throw StellaStoreError.failed("the store at \(database.location) failed: \(error.message)")
        }
    }

    @discardableResult
    private func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        do { return try await database.write(body) } catch let error as StorageError {
            throw StellaStoreError.failed("the store at \(database.location) failed: \(error.message)")
        }
    }
}

private func json<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
}

private func decode<T: Decodable>(_ text: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(text.utf8))
}
