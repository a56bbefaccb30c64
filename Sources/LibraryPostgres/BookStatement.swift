import Library
import PostgresNIO
import Tagged

/// One book with its open loan, by id: asked for every book page and `GET /books/{id}`, so
/// prepared once per connection. Its columns are named rather than `*`, so that a later
/// migration adding a column to the view does not change a prepared statement's result.
struct BookStatement: PostgresPreparedStatement {
    static let sql = "SELECT \(PostgresLibraryStore.bookColumns) FROM books_with_loans WHERE id = $1"
    typealias Row = Book

    let id: Book.ID

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(id.rawValue)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Book { try PostgresLibraryStore.book(row) }
}
