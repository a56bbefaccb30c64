import Library
import ListorKit
import ListorSQL
import Tagged

extension SQLLibraryStore {
    /// The migrations on each engine, by name, in order. Migrations write with the tables as they
    /// are at their turn, never through the reads of later versions.
    static func migrations(_ dialect: SQLDialect, seeded: Bool) -> [SQLMigration] {
        let schema = dialect == .sqlite ? LibrarySchema.sqlite : LibrarySchema.postgres
        var migrations = [
            SQLMigration("books and loans", script: schema.books),
            SQLMigration("covers", script: schema.covers),
            SQLMigration("cover colours", script: schema.coverColors),
            // Words folded in Swift (`BookSearch`), so that both engines find the same books.
            SQLMigration("search and loan indexes") { db in
                try db.script(schema.search)
                try reindex(db)
            },
            SQLMigration("open loan count", script: schema.openLoanCount),
            SQLMigration("sample library") { db in
                guard seeded else { return }
                for fields in SampleLibrary.books {
                    let id = try db.value("""
                        INSERT INTO books (title, author, publisher, categories, isbn)
                        VALUES (\(fields.title), \(fields.author), \(fields.publisher), \(fields.categories), \(fields.isbn)) RETURNING id
                        """, as: Int64.self) ?? 0
                    try indexWords(BookSearch.words(of: fields), of: Book.ID(rawValue: id), in: db)
                }
            },
            // Books found by their ISBN, in both forms.
            SQLMigration("search by isbn and borrower", apply: reindex),
            // Never by who has a book: the words again, without the borrowers.
            SQLMigration("search without borrowers", apply: reindex),
            // Each borrower of the loans kept so far becomes a patron, found by name as the
            // original clients name them.
            SQLMigration("patrons and holds") { db in
                try db.script(schema.patronsAndHolds)
                for row in try db.rows("SELECT min(borrower) FROM loans GROUP BY lower(borrower) ORDER BY min(id)") {
                    let name: String = try row[0]
                    let id = try db.value("""
                        INSERT INTO patrons (name, name_key, words) VALUES (\(name), \(PatronSearch.key(of: name)), \(PatronSearch.words(of: PatronFields(name: name))))
                        RETURNING id
                        """, as: Int64.self) ?? 0
                    try db.execute("UPDATE loans SET patron_id = \(id) WHERE lower(borrower) = lower(\(name))")
                }
            },
            SQLMigration("reminder outbox", script: schema.reminderOutbox),
        ]
        if dialect == .sqlite {
            // Cards and borrowers compared as PostgreSQL compares them, through `lower`, so that
            // one statement serves both engines.
            migrations.append(SQLMigration("library case folding", script: """
                DROP INDEX patrons_card;
                CREATE UNIQUE INDEX patrons_card ON patrons(lower(card)) WHERE card IS NOT NULL;
                DROP INDEX loans_borrower_history;
                CREATE INDEX loans_borrower_history ON loans(lower(borrower), checked_out DESC, id DESC);
                """))
        }
        // A Message-ID token of its own for each letter, kept through its retries, that no other
        // database or node repeats.
        migrations.append(SQLMigration("reminder message ids") { db in
            try db.execute("ALTER TABLE reminder_outbox ADD COLUMN message_id TEXT")
            for row in try db.rows("SELECT id FROM reminder_outbox") {
                try db.execute("UPDATE reminder_outbox SET message_id = \(QueuedMail.newMessageID()) WHERE id = \(row[0] as Int64)")
            }
        })
        migrations.append(SQLMigration("hold shelf", script: schema.holdShelf))
        // Where letters are posted, and the category whose loan rules are the patron's.
        migrations.append(SQLMigration("patron address and category", script: """
            ALTER TABLE patrons ADD COLUMN address TEXT;
            ALTER TABLE patrons ADD COLUMN category TEXT;
            """))
        return migrations
    }

    /// Every book's search words again, as `BookSearch` makes them now.
    private static func reindex(_ db: any SQLConnection) throws {
        for row in try db.rows("SELECT id, title, author, publisher, categories, isbn FROM books") {
            let fields = try BookFields(title: row[1], author: row[2], publisher: row[3], categories: row[4], isbn: row[5])
            try indexWords(BookSearch.words(of: fields), of: Book.ID(rawValue: row[0]), in: db)
        }
    }
}
