import PostgresNIO

/// The library's change number, asked before every list page: prepared once per connection, so
/// that PostgreSQL parses and plans it once rather than on every page.
struct ChangeNumberStatement: PostgresPreparedStatement {
    static let sql = "SELECT number FROM library_changes"
    typealias Row = Int64

    func makeBindings() -> PostgresBindings { PostgresBindings() }

    func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
}
