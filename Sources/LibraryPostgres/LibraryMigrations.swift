import Library
import ListorPostgres
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
                for book in SampleLibrary.books { _ = try await PostgresLibraryStore.insert(book, on: connection, logger: logger) }
            },
            // Books found by their ISBN, in both forms, and by who has them now.
            PostgresMigrator.Migration(name: "search by isbn and borrower") { connection, logger in try await reindex(on: connection, logger: logger) },
        ])
    }

    /// Every book's search words again, as `BookSearch` makes them now.
    private static func reindex(on connection: PostgresConnection, logger: Logger) async throws {
        var ids: [Int64] = []
        for try await id in try await connection.query("SELECT id FROM books", logger: logger).decode(Int64.self) { ids.append(id) }
        for id in ids {
            _ = try await PostgresLibraryStore.indexed(PostgresLibraryStore.existingBook(id: Book.ID(rawValue: id), on: connection, logger: logger),
                                                       on: connection, logger: logger)
        }
    }
}
