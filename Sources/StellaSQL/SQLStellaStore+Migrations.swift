import ListorSQL

extension SQLStellaStore {
    /// The schema on each engine. SQLite's file kept other names before PostgreSQL's tables were
    /// written, and PostgreSQL kept arrays and JSONB where SQLite keeps JSON text: the last
    /// migration of each brings them to one schema, so that one store's statements run on both.
    static func migrations(_ dialect: SQLDialect) -> [SQLMigration] {
        switch dialect {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }

    private static let sqlite: [SQLMigration] = [
        SQLMigration("catalogue and orders", [
            """
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
            )
            """,
            """
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
            )
            """,
            "CREATE INDEX variants_of_product ON variants(handle, position)",
            """
            CREATE TABLE orders (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                number TEXT UNIQUE,
                name TEXT NOT NULL,
                email TEXT NOT NULL,
                address TEXT NOT NULL,
                placed DATETIME NOT NULL
            )
            """,
            """
            CREATE TABLE order_lines (
                order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                sku TEXT NOT NULL,
                quantity INTEGER NOT NULL CHECK (quantity > 0),
                price INTEGER NOT NULL,
                currency TEXT NOT NULL,
                PRIMARY KEY (order_id, position)
            )
            """,
        ]),
        SQLMigration("order keys and line titles", [
            "ALTER TABLE orders ADD COLUMN key TEXT",
            "UPDATE orders SET key = lower(hex(randomblob(16)))",
            "CREATE UNIQUE INDEX orders_by_key ON orders(key)",
            "ALTER TABLE order_lines ADD COLUMN title TEXT NOT NULL DEFAULT ''",
        ]),
        // What changed since a reader looked: the catalogue's number, and each variant's last stock change.
        SQLMigration("change numbers", [
            "ALTER TABLE variants ADD COLUMN changed INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX variants_by_change ON variants(changed)",
            "CREATE TABLE store_changes (catalogue INTEGER NOT NULL, stock INTEGER NOT NULL)",
            "INSERT INTO store_changes VALUES (0, 0)",
        ]),
        SQLMigration("stella table names", [
            "ALTER TABLE products RENAME TO stella_products",
            "ALTER TABLE variants RENAME TO stella_variants",
            "ALTER TABLE orders RENAME TO stella_orders",
            "ALTER TABLE order_lines RENAME TO stella_order_lines",
            "CREATE TABLE stella_catalogue_changes (number INTEGER NOT NULL)",
            "INSERT INTO stella_catalogue_changes SELECT catalogue FROM store_changes",
            "CREATE TABLE stella_stock_changes (number INTEGER NOT NULL)",
            "INSERT INTO stella_stock_changes SELECT stock FROM store_changes",
            "DROP TABLE store_changes",
        ]),
        // Stock not counted, or sold past zero, as Shopify's inventory tracker and policy say: the
        // table again without its CHECK on stock, which SQLite cannot drop.
        SQLMigration("stella inventory policy", [
            """
            CREATE TABLE stella_variants_new (
                sku TEXT PRIMARY KEY,
                handle TEXT NOT NULL REFERENCES stella_products(handle) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                option_values TEXT NOT NULL,
                price INTEGER NOT NULL,
                compare_at_price INTEGER,
                currency TEXT NOT NULL,
                stock INTEGER NOT NULL,
                picture TEXT,
                changed INTEGER NOT NULL DEFAULT 0,
                tracked INTEGER NOT NULL DEFAULT 1,
                oversells INTEGER NOT NULL DEFAULT 0
            )
            """,
            """
            INSERT INTO stella_variants_new (sku, handle, position, option_values, price, compare_at_price, currency, stock, picture, changed)
            SELECT sku, handle, position, option_values, price, compare_at_price, currency, stock, picture, changed FROM stella_variants
            """,
            "DROP TABLE stella_variants",
            "ALTER TABLE stella_variants_new RENAME TO stella_variants",
            "CREATE INDEX variants_of_product ON stella_variants(handle, position)",
            "CREATE INDEX variants_by_change ON stella_variants(changed)",
        ]),
        status,
        orderStates(timestamp: "DATETIME"),
        SQLMigration("stella stock adjustments", [
            """
            CREATE TABLE stella_stock_adjustments (
                id INTEGER PRIMARY KEY AUTOINCREMENT, sku TEXT NOT NULL, at DATETIME NOT NULL, stock_before INTEGER NOT NULL, stock_after INTEGER NOT NULL,
                by_whom TEXT NOT NULL)
            """,
            "CREATE INDEX stella_stock_adjustments_of_sku ON stella_stock_adjustments(sku, id)",
        ]),
        SQLMailOutbox.migration(.sqlite),
        details,
    ]

    private static let postgres: [SQLMigration] = [
        SQLMigration("catalogue and orders", [
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
        SQLMigration("order keys and line titles", [
            "ALTER TABLE stella_orders ADD COLUMN key TEXT UNIQUE",
            "UPDATE stella_orders SET key = md5(random()::text || clock_timestamp()::text || id::text)",
            "ALTER TABLE stella_orders ALTER COLUMN key SET NOT NULL",
            "ALTER TABLE stella_order_lines ADD COLUMN title TEXT NOT NULL DEFAULT ''",
        ]),
        // What changed since a reader looked: the catalogue's number, and each variant's last stock change.
        SQLMigration("change numbers", [
            "ALTER TABLE stella_variants ADD COLUMN changed BIGINT NOT NULL DEFAULT 0",
            "CREATE INDEX stella_variants_by_change ON stella_variants(changed)",
            "CREATE SEQUENCE stella_stock_changes",
            "CREATE TABLE stella_catalogue_changes (number BIGINT NOT NULL)",
            "INSERT INTO stella_catalogue_changes VALUES (0)",
        ]),
        SQLMigration("stella json text", [
            """
            ALTER TABLE stella_products ALTER COLUMN tags TYPE TEXT USING array_to_json(tags)::text,
                ALTER COLUMN options TYPE TEXT USING options::text, ALTER COLUMN pictures TYPE TEXT USING pictures::text
            """,
            "ALTER TABLE stella_variants ALTER COLUMN option_values TYPE TEXT USING array_to_json(option_values)::text",
        ]),
        // Stock not counted, or sold past zero, as Shopify's inventory tracker and policy say.
        SQLMigration("stella inventory policy", [
            """
            ALTER TABLE stella_variants DROP CONSTRAINT stella_variants_stock_check,
                ADD COLUMN tracked BOOLEAN NOT NULL DEFAULT TRUE, ADD COLUMN oversells BOOLEAN NOT NULL DEFAULT FALSE
            """,
        ]),
        status,
        orderStates(timestamp: "TIMESTAMPTZ"),
        SQLMigration("stella stock adjustments", [
            """
            CREATE TABLE stella_stock_adjustments (
                id BIGSERIAL PRIMARY KEY, sku TEXT NOT NULL, at TIMESTAMPTZ NOT NULL, stock_before INTEGER NOT NULL, stock_after INTEGER NOT NULL,
                by_whom TEXT NOT NULL)
            """,
            "CREATE INDEX stella_stock_adjustments_of_sku ON stella_stock_adjustments(sku, id)",
        ]),
        SQLMailOutbox.migration(.postgres),
        details,
    ]

    /// What Shopify's file says of a product and a variant beyond what the store sells by
    /// (`ProductDetails`, `VariantDetails`), as JSON text: the same statements on both engines.
    private static let details = SQLMigration("stella product details", [
        "ALTER TABLE stella_products ADD COLUMN details TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE stella_variants ADD COLUMN details TEXT NOT NULL DEFAULT '{}'",
    ])

    /// An order open, fulfilled or cancelled, and what happened to it: the same statements on
    /// both engines but for the type of a time.
    private static func orderStates(timestamp: String) -> SQLMigration {
        SQLMigration("stella order states", [
            "ALTER TABLE stella_orders ADD COLUMN state TEXT NOT NULL DEFAULT 'open'",
            SQL(stringLiteral: """
                CREATE TABLE stella_order_events (
                    order_id BIGINT NOT NULL REFERENCES stella_orders(id) ON DELETE CASCADE, at \(timestamp) NOT NULL, state TEXT NOT NULL,
                    note TEXT, by_whom TEXT NOT NULL)
                """),
            "CREATE INDEX stella_order_events_of_order ON stella_order_events(order_id, at)",
            "CREATE INDEX stella_orders_by_state ON stella_orders(state, id)",
        ])
    }

    /// Active, draft or archived, and published or not, as Shopify's Status and Published say:
    /// the same statements on both engines.
    private static let status = SQLMigration("stella product status", [
        "ALTER TABLE stella_products ADD COLUMN status TEXT NOT NULL DEFAULT 'active'",
        "ALTER TABLE stella_products ADD COLUMN published BOOLEAN NOT NULL DEFAULT TRUE",
    ])
}
