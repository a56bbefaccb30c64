import Library
import ListorSQL
import Logging
import PostgresNIO
import Tagged

/// The library's migrations in PostgreSQL, by name, in order (`PostgresMigrator` runs them).
enum LibraryMigrations {
    /// The migrations; `seeded`: a new database gets the sample library.
    static func migrator(seeded: Bool) -> PostgresMigrator {
        PostgresMigrator([
            .statements("books and loans", PostgresSchema.books),
            .statements("covers", PostgresSchema.covers),
            .statements("cover colours", PostgresSchema.coverColors),
            PostgresMigrator.Migration(name: "search and loan indexes") { connection, logger in
                for statement in PostgresSchema.search { try await connection.query(statement, logger: logger) }
                // Words folded in Swift, as every store folds them (`BookSearch`).
                try await reindex(on: connection, logger: logger)
            },
            .statements("open loan count", PostgresSchema.openLoanCount),
            PostgresMigrator.Migration(name: "sample library") { connection, logger in
                guard seeded else { return }
                for fields in SampleLibrary.books {
                    try await connection.query("""
                        INSERT INTO books (title, author, publisher, categories, isbn, search_words)
                        VALUES (\(fields.title), \(fields.author), \(fields.publisher), \(fields.categories), \(fields.isbn), \(BookSearch.words(of: fields)))
                        """, logger: logger)
                }
            },
            // Books found by their ISBN, in both forms.
            PostgresMigrator.Migration(name: "search by isbn and borrower") { connection, logger in try await reindex(on: connection, logger: logger) },
            // Each borrower of the loans kept so far becomes a patron, found by name as the original clients name them.
            PostgresMigrator.Migration(name: "patrons and holds") { connection, logger in
                for statement in PostgresSchema.patronsAndHolds { try await connection.query(statement, logger: logger) }
                var names: [String] = []
                let rows = try await connection.query("SELECT min(borrower) FROM loans GROUP BY lower(borrower) ORDER BY min(id)", logger: logger)
                for try await name in rows.decode(String.self) { names.append(name) }
                for name in names {
                    let patron = try await PostgresLibraryStore.insertPatron(PatronFields(name: name), on: connection, logger: logger)
                    try await connection.query("UPDATE loans SET patron_id = \(patron.id.rawValue) WHERE lower(borrower) = lower(\(name))", logger: logger)
                }
            },
            .statements("reminder outbox", PostgresSchema.reminderOutbox),
            // Never by who has a book: the words again, without the borrowers.
            PostgresMigrator.Migration(name: "search without borrowers") { connection, logger in try await reindex(on: connection, logger: logger) },
        ])
    }

    /// Every book's search words again, as `BookSearch` makes them now, read from the tables as
    /// they are at the migration's turn.
    private static func reindex(on connection: PostgresConnection, logger: Logger) async throws {
        var words: [(Int64, String)] = []
        let rows = try await connection.query("SELECT id, title, author, publisher, categories, isbn FROM books", logger: logger)
        for try await (id, title, author, publisher, categories, isbn) in rows.decode((Int64, String, String, String?, String?, String?).self) {
            words.append((id, BookSearch.words(of: BookFields(title: title, author: author, publisher: publisher, categories: categories, isbn: isbn))))
        }
        for (id, text) in words {
            try await connection.query("UPDATE books SET search_words = \(text) WHERE id = \(id)", logger: logger)
        }
    }
}
