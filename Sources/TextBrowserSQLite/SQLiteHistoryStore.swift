import Foundation
import GRDB
import TextBrowser

/// The browser's history and bookmarks in one SQLite file (`browser.sqlite`) through GRDB:
/// WAL mode, migrations, bound parameters only. Hosts and pages are unique by address and URL
/// in the schema, so a visit is an upsert that cannot make a second row, and a host's priority
/// is a column a visit never writes.
///
/// GRDB's errors do not leave this type: they become `HistoryError`s naming the file.
public final class SQLiteHistoryStore: HistoryStore {
    private let database: any DatabaseWriter
    public let path: String

    /// With `oneConnection`, the store is one connection, which is all a command needs and half
    /// what a `--dump` costs to open; else a pool whose reads run beside its writes (`serve`).
    public init(path: String, oneConnection: Bool = false) throws(HistoryError) {
        self.path = path
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        do {
            database = oneConnection ? try DatabaseQueue(path: path, configuration: configuration) : try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw HistoryError("open the history at \(path)", reason: "\(error)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("hosts, pages and bookmarks") { db in
            try db.execute(sql: """
                CREATE TABLE hosts (
                    address TEXT PRIMARY KEY NOT NULL,
                    last_title TEXT,
                    priority INTEGER NOT NULL DEFAULT 0,
                    visit_count INTEGER NOT NULL DEFAULT 1 CHECK (visit_count > 0),
                    first_visit DATETIME NOT NULL,
                    last_visit DATETIME NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX hosts_order ON hosts(priority DESC, last_visit DESC);
                CREATE TABLE pages (
                    url TEXT PRIMARY KEY NOT NULL,
                    host TEXT NOT NULL REFERENCES hosts(address) ON DELETE CASCADE,
                    title TEXT,
                    visit_count INTEGER NOT NULL DEFAULT 1 CHECK (visit_count > 0),
                    first_visit DATETIME NOT NULL,
                    last_visit DATETIME NOT NULL
                );
                CREATE INDEX pages_host ON pages(host, last_visit DESC);
                CREATE TABLE bookmarks (
                    url TEXT PRIMARY KEY NOT NULL,
                    title TEXT NOT NULL,
                    added DATETIME NOT NULL
                );
                """)
        }
        return migrator
    }

    // MARK: - Visits

    public func recordVisit(url: URL, title: String?, at date: Date) async throws {
        let url = url.removingFragment
        guard let host = url.host?.lowercased(), !host.isEmpty else {
            throw HistoryError("record a visit to \(url.absoluteString)", reason: "the URL has no host")
        }
        try await write("record a visit to \(url.absoluteString)") { db in
            try Self.upsertHost(host, title: title, at: date, in: db)
            try db.execute(sql: """
                INSERT INTO pages (url, host, title, first_visit, last_visit) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(url) DO UPDATE SET title = coalesce(excluded.title, title), visit_count = visit_count + 1,
                    last_visit = max(last_visit, excluded.last_visit)
                """, arguments: [url.absoluteString, host, title, date, date])
        }
    }

    public func recordHost(_ address: String, title: String?, at date: Date) async throws {
        try await write("record a visit to \(address)") { db in try Self.upsertHost(address.lowercased(), title: title, at: date, in: db) }
    }

    private static func upsertHost(_ address: String, title: String?, at date: Date, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO hosts (address, last_title, first_visit, last_visit) VALUES (?, ?, ?, ?)
            ON CONFLICT(address) DO UPDATE SET last_title = coalesce(excluded.last_title, last_title),
                visit_count = visit_count + 1, last_visit = max(last_visit, excluded.last_visit)
            """, arguments: [address, title, date, date])
    }

    // MARK: - Reading

    public func hosts() async throws -> [VisitedHost] {
        try await read("read the hosts") { db in
            try Row.fetchAll(db, sql: """
                SELECT address, last_title, priority, visit_count, first_visit, last_visit,
                    (SELECT count(*) FROM pages WHERE pages.host = hosts.address) AS page_count
                FROM hosts ORDER BY priority DESC, last_visit DESC, address
                """).map(Self.host)
        }
    }

    public func pages(ofHost address: String) async throws -> [VisitedPage] {
        try await read("read the pages of \(address)") { db in
            try Row.fetchAll(db, sql: """
                SELECT url, title, visit_count, first_visit, last_visit FROM pages WHERE host = ?
                ORDER BY last_visit DESC, url
                """, arguments: [address.lowercased()]).compactMap(Self.page)
        }
    }

    public func searchPages(_ text: String) async throws -> [VisitedPage] {
        let pattern = "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        return try await read("search the history") { db in
            try Row.fetchAll(db, sql: """
                SELECT url, title, visit_count, first_visit, last_visit FROM pages
                WHERE title LIKE ?1 ESCAPE '\\' OR url LIKE ?1 ESCAPE '\\'
                ORDER BY last_visit DESC, url LIMIT 1000
                """, arguments: [pattern]).compactMap(Self.page)
        }
    }

    private static func host(_ row: Row) -> VisitedHost {
        VisitedHost(address: row["address"], lastTitle: row["last_title"], priority: row["priority"], visitCount: row["visit_count"],
             firstVisit: row["first_visit"], lastVisit: row["last_visit"], pageCount: row["page_count"])
    }

    private static func page(_ row: Row) -> VisitedPage? {
        guard let url = URL(string: row["url"]) else { return nil }
        return VisitedPage(url: url, title: row["title"], visitCount: row["visit_count"], firstVisit: row["first_visit"], lastVisit: row["last_visit"])
    }

    // MARK: - Changes

    public func changePriority(ofHost address: String, by delta: Int) async throws -> Bool {
        try await write("move \(address)") { db in
            try db.execute(sql: "UPDATE hosts SET priority = priority + ? WHERE address = ?", arguments: [delta, address.lowercased()])
            return db.changesCount > 0
        }
    }

    public func forgetHost(_ address: String) async throws -> Bool {
        try await write("forget \(address)") { db in
            try db.execute(sql: "DELETE FROM hosts WHERE address = ?", arguments: [address.lowercased()])
            return db.changesCount > 0
        }
    }

    public func forgetPage(_ url: URL) async throws -> Bool {
        let url = url.removingFragment
        return try await write("forget \(url.absoluteString)") { db in
            try db.execute(sql: "DELETE FROM pages WHERE url = ?", arguments: [url.absoluteString])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM hosts WHERE address = ? AND NOT EXISTS (SELECT 1 FROM pages WHERE host = ?)",
                           arguments: [url.host?.lowercased(), url.host?.lowercased()])
            return true
        }
    }

    public func addBookmark(_ bookmark: Bookmark) async throws {
        try await write("bookmark \(bookmark.url.absoluteString)") { db in
            try db.execute(sql: """
                INSERT INTO bookmarks (url, title, added) VALUES (?, ?, ?)
                ON CONFLICT(url) DO UPDATE SET title = excluded.title
                """, arguments: [bookmark.url.absoluteString, bookmark.title, bookmark.added])
        }
    }

    public func bookmarks() async throws -> [Bookmark] {
        try await read("read the bookmarks") { db in
            try Row.fetchAll(db, sql: "SELECT url, title, added FROM bookmarks ORDER BY added DESC, url").compactMap { row in
                URL(string: row["url"]).map { Bookmark(url: $0, title: row["title"], added: row["added"]) }
            }
        }
    }

    public func removeBookmark(_ url: URL) async throws -> Bool {
        try await write("remove the bookmark \(url.absoluteString)") { db in
            try db.execute(sql: "DELETE FROM bookmarks WHERE url = ?", arguments: [url.absoluteString])
            return db.changesCount > 0
        }
    }

    // MARK: - GRDB at the edge

    private func read<T: Sendable>(_ action: String, _ body: @Sendable @escaping (Database) throws -> T) async throws(HistoryError) -> T {
        do { return try await database.read(body) } catch { throw failure(action, error) }
    }

    private func write<T: Sendable>(_ action: String, _ body: @Sendable @escaping (Database) throws -> T) async throws(HistoryError) -> T {
        do { return try await database.write(body) } catch { throw failure(action, error) }
    }

    private func failure(_ action: String, _ error: any Error) -> HistoryError {
        if let error = error as? HistoryError { return error }
        let reason = (error as? DatabaseError).map { $0.message ?? $0.description } ?? "\(error)"
        return HistoryError(action, reason: "\(reason) (\(path))")
    }
}
