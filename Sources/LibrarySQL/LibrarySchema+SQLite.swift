/// The library's schema in a SQLite file: search in an FTS5 table, counts and flags kept by
/// triggers.
extension LibrarySchema {
    static let sqlite = LibrarySchema(
        books: """
            CREATE TABLE books (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                title TEXT NOT NULL,
                author TEXT NOT NULL,
                publisher TEXT,
                categories TEXT,
                isbn TEXT,
                last_checked_out DATETIME,
                last_checked_out_by TEXT,
                version INTEGER NOT NULL DEFAULT 1
            );
            CREATE TABLE loans (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                borrower TEXT NOT NULL,
                checked_out DATETIME NOT NULL,
                due DATETIME NOT NULL,
                returned DATETIME
            );
            CREATE UNIQUE INDEX loans_one_open_per_book ON loans(book_id) WHERE returned IS NULL;
            CREATE INDEX loans_borrower ON loans(borrower);
            CREATE VIEW books_with_loans AS
            SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        covers: """
            ALTER TABLE books ADD COLUMN has_cover INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE covers (
                book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
                media_type TEXT NOT NULL,
                bytes BLOB NOT NULL,
                colors TEXT
            );
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        coverColors: """
            ALTER TABLE books ADD COLUMN cover_colors TEXT;
            UPDATE books SET cover_colors = (SELECT colors FROM covers WHERE covers.book_id = books.id);
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        search: """
            CREATE VIRTUAL TABLE books_search USING fts5(words, tokenize = 'ascii', prefix = '1 2 3');
            CREATE INDEX loans_book_history ON loans(book_id, checked_out DESC, id DESC);
            DROP INDEX loans_borrower;
            CREATE INDEX loans_borrower_history ON loans(borrower COLLATE NOCASE, checked_out DESC, id DESC);
            CREATE INDEX loans_open_due ON loans(due) WHERE returned IS NULL;
            CREATE INDEX loans_history ON loans(checked_out DESC, id DESC);
            CREATE TABLE book_count (books INTEGER NOT NULL);
            INSERT INTO book_count SELECT count(*) FROM books;
            CREATE TRIGGER book_count_insert AFTER INSERT ON books BEGIN UPDATE book_count SET books = books + 1; END;
            CREATE TRIGGER book_count_delete AFTER DELETE ON books BEGIN UPDATE book_count SET books = books - 1; END;
            CREATE TABLE library_changes (number INTEGER NOT NULL);
            INSERT INTO library_changes VALUES (0);
            CREATE TRIGGER library_changes_book_insert AFTER INSERT ON books BEGIN UPDATE library_changes SET number = number + 1; END;
            CREATE TRIGGER library_changes_book_update AFTER UPDATE ON books BEGIN UPDATE library_changes SET number = number + 1; END;
            CREATE TRIGGER library_changes_book_delete AFTER DELETE ON books BEGIN UPDATE library_changes SET number = number + 1; END;
            CREATE TRIGGER library_changes_loan_insert AFTER INSERT ON loans BEGIN UPDATE library_changes SET number = number + 1; END;
            CREATE TRIGGER library_changes_loan_update AFTER UPDATE ON loans BEGIN UPDATE library_changes SET number = number + 1; END;
            CREATE TRIGGER library_changes_loan_delete AFTER DELETE ON loans BEGIN UPDATE library_changes SET number = number + 1; END;
            ALTER TABLE books ADD COLUMN on_loan INTEGER NOT NULL DEFAULT 0;
            UPDATE books SET on_loan = 1 WHERE id IN (SELECT book_id FROM loans WHERE returned IS NULL);
            CREATE TRIGGER books_on_loan_open AFTER INSERT ON loans WHEN NEW.returned IS NULL
            BEGIN UPDATE books SET on_loan = 1 WHERE id = NEW.book_id; END;
            CREATE TRIGGER books_on_loan_close AFTER UPDATE OF returned ON loans WHEN OLD.returned IS NULL AND NEW.returned IS NOT NULL
            BEGIN UPDATE books SET on_loan = 0 WHERE id = NEW.book_id; END;
            CREATE TRIGGER books_on_loan_gone AFTER DELETE ON loans WHEN OLD.returned IS NULL
            BEGIN UPDATE books SET on_loan = 0 WHERE id = OLD.book_id; END;
            CREATE INDEX books_on_shelf ON books(id) WHERE on_loan = 0;
            """,
        openLoanCount: """
            ALTER TABLE book_count ADD COLUMN on_loan INTEGER NOT NULL DEFAULT 0;
            UPDATE book_count SET on_loan = (SELECT count(*) FROM loans WHERE returned IS NULL);
            CREATE TRIGGER book_count_loan_open AFTER INSERT ON loans WHEN NEW.returned IS NULL
            BEGIN UPDATE book_count SET on_loan = on_loan + 1; END;
            CREATE TRIGGER book_count_loan_close AFTER UPDATE OF returned ON loans WHEN OLD.returned IS NULL AND NEW.returned IS NOT NULL
            BEGIN UPDATE book_count SET on_loan = on_loan - 1; END;
            CREATE TRIGGER book_count_loan_gone AFTER DELETE ON loans WHEN OLD.returned IS NULL
            BEGIN UPDATE book_count SET on_loan = on_loan - 1; END;
            """,
        patronsAndHolds: """
            CREATE TABLE patrons (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                card TEXT,
                email TEXT,
                phone TEXT,
                notes TEXT,
                reminders_off INTEGER NOT NULL DEFAULT 0,
                version INTEGER NOT NULL DEFAULT 1,
                words TEXT NOT NULL
            );
            CREATE UNIQUE INDEX patrons_card ON patrons(card COLLATE NOCASE) WHERE card IS NOT NULL;
            CREATE INDEX patrons_by_name ON patrons(name_key, id);
            ALTER TABLE loans ADD COLUMN patron_id INTEGER REFERENCES patrons(id);
            ALTER TABLE loans ADD COLUMN renewals INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX loans_patron_history ON loans(patron_id, checked_out DESC, id DESC);
            CREATE TABLE holds (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                patron_id INTEGER NOT NULL REFERENCES patrons(id),
                placed DATETIME NOT NULL,
                state TEXT NOT NULL,
                ready_at DATETIME,
                expires DATETIME,
                ended DATETIME
            );
            CREATE INDEX holds_queue ON holds(book_id, id) WHERE state IN ('waiting', 'ready');
            CREATE UNIQUE INDEX holds_one_per_patron ON holds(book_id, patron_id) WHERE state IN ('waiting', 'ready');
            CREATE INDEX holds_of_patron ON holds(patron_id, id DESC);
            CREATE INDEX holds_ready ON holds(ready_at, id) WHERE state = 'ready';
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due, l.patron_id, l.renewals
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        reminderOutbox: """
            CREATE TABLE reminder_outbox (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                key TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                patron_id INTEGER NOT NULL REFERENCES patrons(id),
                book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                loan_id INTEGER,
                hold_id INTEGER,
                due DATETIME NOT NULL,
                recipient TEXT NOT NULL,
                recipient_name TEXT NOT NULL,
                subject TEXT NOT NULL,
                body TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'queued',
                attempts INTEGER NOT NULL DEFAULT 0,
                queued DATETIME NOT NULL,
                next_attempt DATETIME NOT NULL,
                lease_until DATETIME,
                claimed_by TEXT,
                ended DATETIME,
                last_error TEXT
            );
            CREATE INDEX reminder_outbox_due ON reminder_outbox(next_attempt, id) WHERE state = 'queued';
            CREATE INDEX reminder_outbox_recent ON reminder_outbox(id DESC, state);
            CREATE INDEX reminder_outbox_patron ON reminder_outbox(patron_id);
            """,
        holdShelf: """
            CREATE UNIQUE INDEX holds_one_ready_per_book ON holds(book_id) WHERE state = 'ready';
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.*, l.id AS loan_id, l.borrower, l.checked_out, l.due, l.patron_id, l.renewals,
                   h.id AS hold_id, h.patron_id AS hold_patron_id, hp.name AS hold_patron, h.placed AS hold_placed, h.ready_at AS hold_ready_at,
                   h.expires AS hold_expires
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL
            LEFT JOIN holds h ON h.book_id = b.id AND h.state = 'ready' LEFT JOIN patrons hp ON hp.id = h.patron_id;
            CREATE TRIGGER library_changes_hold_insert AFTER INSERT ON holds BEGIN UPDATE library_changes SET number = number + 1; END;
            CREATE TRIGGER library_changes_hold_update AFTER UPDATE ON holds BEGIN UPDATE library_changes SET number = number + 1; END;
            CREATE TRIGGER library_changes_hold_delete AFTER DELETE ON holds BEGIN UPDATE library_changes SET number = number + 1; END;
            """)
}