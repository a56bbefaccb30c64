/// The library's schema in PostgreSQL: search in a `tsvector` column with a GIN index, counts and
/// flags kept by triggers.
extension LibrarySchema {
    static let postgres = LibrarySchema(
        books: """
            CREATE TABLE books (
                id BIGSERIAL PRIMARY KEY,
                title TEXT NOT NULL,
                author TEXT NOT NULL,
                publisher TEXT,
                categories TEXT,
                isbn TEXT,
                last_checked_out TIMESTAMPTZ,
                last_checked_out_by TEXT,
                version INTEGER NOT NULL DEFAULT 1
            );
            CREATE TABLE loans (
                id BIGSERIAL PRIMARY KEY,
                book_id BIGINT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                borrower TEXT NOT NULL,
                checked_out TIMESTAMPTZ NOT NULL,
                due TIMESTAMPTZ NOT NULL,
                returned TIMESTAMPTZ
            );
            CREATE UNIQUE INDEX loans_one_open_per_book ON loans(book_id) WHERE returned IS NULL;
            CREATE INDEX loans_borrower ON loans(lower(borrower));
            CREATE VIEW books_with_loans AS
            SELECT b.id, b.title, b.author, b.publisher, b.categories, b.isbn, b.last_checked_out, b.last_checked_out_by, b.version,
                   l.id AS loan_id, l.borrower, l.checked_out, l.due
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        covers: """
            ALTER TABLE books ADD COLUMN has_cover BOOLEAN NOT NULL DEFAULT FALSE;
            CREATE TABLE covers (
                book_id BIGINT PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
                media_type TEXT NOT NULL,
                bytes BYTEA NOT NULL,
                colors TEXT
            );
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.id, b.title, b.author, b.publisher, b.categories, b.isbn, b.last_checked_out, b.last_checked_out_by, b.version,
                   l.id AS loan_id, l.borrower, l.checked_out, l.due, b.has_cover
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        coverColors: """
            ALTER TABLE books ADD COLUMN cover_colors TEXT;
            UPDATE books SET cover_colors = (SELECT colors FROM covers WHERE covers.book_id = books.id);
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.id, b.title, b.author, b.publisher, b.categories, b.isbn, b.last_checked_out, b.last_checked_out_by, b.version,
                   l.id AS loan_id, l.borrower, l.checked_out, l.due, b.has_cover, b.cover_colors
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        search: """
            ALTER TABLE books ADD COLUMN search_words TEXT NOT NULL DEFAULT '';
            -- Kept rather than computed in the index alone: a search matching most books is read
            -- without making each one's tsvector again.
            ALTER TABLE books ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_words)) STORED;
            CREATE INDEX books_search ON books USING GIN (search_vector);
            CREATE INDEX loans_book_history ON loans(book_id, checked_out DESC, id DESC);
            DROP INDEX loans_borrower;
            CREATE INDEX loans_borrower_history ON loans(lower(borrower), checked_out DESC, id DESC);
            CREATE INDEX loans_open_due ON loans(due) WHERE returned IS NULL;
            CREATE INDEX loans_history ON loans(checked_out DESC, id DESC);
            -- The number of books, kept by triggers: counting a large table reads all of it.
            CREATE TABLE book_count (books BIGINT NOT NULL);
            INSERT INTO book_count SELECT count(*) FROM books;
            CREATE FUNCTION listor_count_books() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN UPDATE book_count SET books = books + 1;
                ELSIF TG_OP = 'DELETE' THEN UPDATE book_count SET books = books - 1;
                ELSE UPDATE book_count SET books = 0;
                END IF;
                RETURN NULL;
            END $$;
            CREATE TRIGGER book_count_rows AFTER INSERT OR DELETE ON books FOR EACH ROW EXECUTE FUNCTION listor_count_books();
            CREATE TRIGGER book_count_truncate AFTER TRUNCATE ON books FOR EACH STATEMENT EXECUTE FUNCTION listor_count_books();
            -- A change number every write moves, for the counts kept (`BookCountCache`).
            CREATE TABLE library_changes (number BIGINT NOT NULL);
            INSERT INTO library_changes VALUES (0);
            CREATE FUNCTION listor_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE library_changes SET number = number + 1;
                RETURN NULL;
            END $$;
            CREATE TRIGGER books_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON books FOR EACH STATEMENT EXECUTE FUNCTION listor_library_changed();
            CREATE TRIGGER loans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON loans FOR EACH STATEMENT EXECUTE FUNCTION listor_library_changed();
            ALTER TABLE books ADD COLUMN on_loan BOOLEAN NOT NULL DEFAULT FALSE;
            UPDATE books SET on_loan = TRUE WHERE id IN (SELECT book_id FROM loans WHERE returned IS NULL);
            CREATE FUNCTION listor_mark_on_loan() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' AND NEW.returned IS NULL THEN
                    UPDATE books SET on_loan = TRUE WHERE id = NEW.book_id;
                ELSIF TG_OP = 'UPDATE' AND OLD.returned IS NULL AND NEW.returned IS NOT NULL THEN
                    UPDATE books SET on_loan = FALSE WHERE id = NEW.book_id;
                ELSIF TG_OP = 'DELETE' AND OLD.returned IS NULL THEN
                    UPDATE books SET on_loan = FALSE WHERE id = OLD.book_id;
                END IF;
                RETURN NULL;
            END $$;
            CREATE TRIGGER books_on_loan AFTER INSERT OR UPDATE OF returned OR DELETE ON loans FOR EACH ROW EXECUTE FUNCTION listor_mark_on_loan();
            CREATE INDEX books_on_shelf ON books(id) WHERE NOT on_loan;
            CREATE INDEX books_out ON books(id) WHERE on_loan;
            """,
        openLoanCount: """
            ALTER TABLE book_count ADD COLUMN on_loan BIGINT NOT NULL DEFAULT 0;
            UPDATE book_count SET on_loan = (SELECT count(*) FROM loans WHERE returned IS NULL);
            CREATE FUNCTION listor_count_open_loans() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'TRUNCATE' THEN UPDATE book_count SET on_loan = 0;
                ELSIF TG_OP = 'INSERT' AND NEW.returned IS NULL THEN UPDATE book_count SET on_loan = on_loan + 1;
                ELSIF TG_OP = 'UPDATE' AND OLD.returned IS NULL AND NEW.returned IS NOT NULL THEN UPDATE book_count SET on_loan = on_loan - 1;
                ELSIF TG_OP = 'DELETE' AND OLD.returned IS NULL THEN UPDATE book_count SET on_loan = on_loan - 1;
                END IF;
                RETURN NULL;
            END $$;
            CREATE TRIGGER book_count_open_loans AFTER INSERT OR UPDATE OF returned OR DELETE ON loans FOR EACH ROW EXECUTE FUNCTION listor_count_open_loans();
            CREATE TRIGGER book_count_open_loans_truncate AFTER TRUNCATE ON loans FOR EACH STATEMENT EXECUTE FUNCTION listor_count_open_loans();
            """,
        patronsAndHolds: """
            CREATE TABLE patrons (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                card TEXT,
                email TEXT,
                phone TEXT,
                notes TEXT,
                reminders_off BOOLEAN NOT NULL DEFAULT FALSE,
                version INTEGER NOT NULL DEFAULT 1,
                words TEXT NOT NULL
            );
            CREATE UNIQUE INDEX patrons_card ON patrons(lower(card)) WHERE card IS NOT NULL;
            CREATE INDEX patrons_by_name ON patrons(name_key, id);
            ALTER TABLE loans ADD COLUMN patron_id BIGINT REFERENCES patrons(id);
            ALTER TABLE loans ADD COLUMN renewals INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX loans_patron_history ON loans(patron_id, checked_out DESC, id DESC);
            CREATE TABLE holds (
                id BIGSERIAL PRIMARY KEY,
                book_id BIGINT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                patron_id BIGINT NOT NULL REFERENCES patrons(id),
                placed TIMESTAMPTZ NOT NULL,
                state TEXT NOT NULL,
                ready_at TIMESTAMPTZ,
                expires TIMESTAMPTZ,
                ended TIMESTAMPTZ
            );
            CREATE INDEX holds_queue ON holds(book_id, id) WHERE state IN ('waiting', 'ready');
            CREATE UNIQUE INDEX holds_one_per_patron ON holds(book_id, patron_id) WHERE state IN ('waiting', 'ready');
            CREATE INDEX holds_of_patron ON holds(patron_id, id DESC);
            CREATE INDEX holds_ready ON holds(ready_at, id) WHERE state = 'ready';
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.id, b.title, b.author, b.publisher, b.categories, b.isbn, b.last_checked_out, b.last_checked_out_by, b.version,
                   l.id AS loan_id, l.borrower, l.checked_out, l.due, b.has_cover, b.cover_colors, l.patron_id, l.renewals
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL;
            """,
        reminderOutbox: """
            CREATE TABLE reminder_outbox (
                id BIGSERIAL PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                patron_id BIGINT NOT NULL REFERENCES patrons(id),
                book_id BIGINT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                loan_id BIGINT,
                hold_id BIGINT,
                due TIMESTAMPTZ NOT NULL,
                recipient TEXT NOT NULL,
                recipient_name TEXT NOT NULL,
                subject TEXT NOT NULL,
                body TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'queued',
                attempts INTEGER NOT NULL DEFAULT 0,
                queued TIMESTAMPTZ NOT NULL,
                next_attempt TIMESTAMPTZ NOT NULL,
                lease_until TIMESTAMPTZ,
                claimed_by TEXT,
                ended TIMESTAMPTZ,
                last_error TEXT
            );
            CREATE INDEX reminder_outbox_due ON reminder_outbox(next_attempt, id) WHERE state = 'queued';
            CREATE INDEX reminder_outbox_patron ON reminder_outbox(patron_id);
            """,
        holdShelf: """
            CREATE UNIQUE INDEX holds_one_ready_per_book ON holds(book_id) WHERE state = 'ready';
            DROP VIEW books_with_loans;
            CREATE VIEW books_with_loans AS
            SELECT b.id, b.title, b.author, b.publisher, b.categories, b.isbn, b.last_checked_out, b.last_checked_out_by, b.version,
                   l.id AS loan_id, l.borrower, l.checked_out, l.due, b.has_cover, b.cover_colors, l.patron_id, l.renewals,
                   h.id AS hold_id, h.patron_id AS hold_patron_id, hp.name AS hold_patron, h.placed AS hold_placed, h.ready_at AS hold_ready_at,
                   h.expires AS hold_expires
            FROM books b LEFT JOIN loans l ON l.book_id = b.id AND l.returned IS NULL
            LEFT JOIN holds h ON h.book_id = b.id AND h.state = 'ready' LEFT JOIN patrons hp ON hp.id = h.patron_id;
            CREATE TRIGGER holds_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON holds FOR EACH STATEMENT EXECUTE FUNCTION listor_library_changed();
            """)
}