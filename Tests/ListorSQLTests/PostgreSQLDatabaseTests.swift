import ListorKit
import ListorSQL
import ListorTestSupport
import Testing

/// What the stores rely on in PostgreSQL that SQLite gives by itself.
@Suite struct PostgreSQLDatabaseTests {
    /// `serve` opens the library, the Modbus history and Stella's store, each with the URL it was
    /// given: on one database they share one client, which runs until the last scope using it has ended.
    @Test func scopesOnOneURLShareOneClientUntilTheLastEnds() async throws {
        guard let server = PostgresTestServer.url() else { return }
        try await PostgresTestServer.withEmptyDatabaseURL(server) { text in
            let url = try PostgresURL(text)
            try await ResourceScope.with { scope in
                let outer = try await PostgreSQLDatabase.open(at: url, in: scope)
                let shared = try await ResourceScope.with { inner in try await PostgreSQLDatabase.open(at: url, in: inner).client === outer.client }
                #expect(shared)
                let value = try await outer.read { db in try db.value("SELECT 2", as: Int.self) }
                #expect(value == 2, "the inner scope's end leaves the client running")
            }
            let value = try await ResourceScope.with { scope in
                try await PostgreSQLDatabase.open(at: url, in: scope).read { db in try db.value("SELECT 3", as: Int.self) }
            }
            #expect(value == 3, "a new client after the last one stopped")
        }
    }

    /// A migration's script is cut into statements at the semicolons that end them, not those in
    /// strings, comments or function bodies.
    @Test func aScriptRunsStatementByStatement() async throws {
        guard let server = PostgresTestServer.url() else { return }
        try await PostgresTestServer.withEmptyDatabaseURL(server) { text in
            try await ResourceScope.with { scope in
                let database = try await PostgreSQLDatabase.open(at: try PostgresURL(text), in: scope)
                let kept = try await database.write { db in
                    try db.script("""
                        CREATE TABLE notes (text TEXT NOT NULL); -- one; two
                        CREATE FUNCTION shout() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN
                            NEW.text := upper(NEW.text);
                            RETURN NEW;
                        END $$;
                        CREATE TRIGGER notes_shout BEFORE INSERT ON notes FOR EACH ROW EXECUTE FUNCTION shout();
                        INSERT INTO notes VALUES ('a; b -- c')
                        """)
                    return try db.value("SELECT text FROM notes", as: String.self)
                }
                #expect(kept == "A; B -- C")
            }
        }
    }
}
