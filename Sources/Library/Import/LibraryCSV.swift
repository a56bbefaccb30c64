import Foundation
import ListorKit
import Tagged

/// Books and loans as CSV, for spreadsheets and for moving a library between servers.
public enum LibraryCSV {
    /// What a CSV file holds.
    public enum Table: String, Sendable, Hashable, CaseIterable {
        case books, loans, patrons

        /// "1 book", "3 loans".
        public func count(_ count: Int) -> String {
            "\(count) " + (count == 1 ? String(rawValue.dropLast()) : rawValue)
        }
    }

    public static let bookColumns = ["id", "title", "author", "publisher", "categories", "isbn", "lastCheckedOut", "lastCheckedOutBy"]
    public static let loanColumns = ["id", "bookId", "borrower", "checkedOut", "due", "returned"]
    public static let patronColumns = ["id", "name", "card", "email", "phone", "notes", "address", "category", "remindersOff"]

    public static func patrons(_ patrons: [Patron]) -> String {
        CSV.write([patronColumns] + patrons.map { patron in
            [patron.id.description, patron.name, patron.card ?? "", patron.email ?? "", patron.phone ?? "", patron.notes ?? "", patron.address ?? "",
             patron.category ?? "", patron.remindersOff ? "true" : "false"]
        })
    }

    /// Adds every good row of a patrons CSV (column name, and optionally card, email, phone,
    /// notes, address, category, remindersOff) to `library`; the bad ones are reported by line and field. A patron
    /// whose card the library already has, or an earlier row gave, is reported as already there,
    /// so that importing a file again adds each patron once.
    public static func importPatrons(_ text: String, into library: any LibraryService) async throws -> ImportReport {
        let (rows, unknown, malformed) = try rows(text, required: ["name"], known: patronColumns)
        var report = ImportReport(table: .patrons)
        if !unknown.isEmpty { report.problems.append(Problem(line: 1, reason: "ignored the columns \(unknown.joined(separator: ", "))")) }
        var cards: [String: Int] = [:]
        for (line, value) in rows {
            let off = value("remindersOff").trimmed().lowercased()
            guard ["", "true", "false", "yes", "no", "1", "0"].contains(off) else {
                report.problems.append(Problem(line: line, reason: "remindersOff: \"\(off.prefix(20))\" is not true or false"))
                continue
            }
            let form = PatronForm(name: value("name"), card: value("card"), email: value("email"), phone: value("phone"), notes: value("notes"),
                                  address: value("address"), category: value("category"), remindersOff: ["true", "yes", "1"].contains(off))
            let given = value("card").trimmed()
            let card = given.lowercased()
            // A card twice in the file is the file's mistake, not something the library has.
            if !card.isEmpty, let earlier = cards[card] {
                report.problems.append(Problem(line: line, reason: "card: \(given) is line \(earlier)'s card already; a card names one patron"))
                continue
            }
            if !card.isEmpty, let patron = try? await library.patron(card: given) {
                report.alreadyThere.append(Problem(line: line, reason: "the card \(given) is patron \(patron.id)'s, \(patron.name)"))
                continue
            }
            do {
                _ = try await library.addPatron(form)
                if !card.isEmpty { cards[card] = line }
                report.imported += 1
            } catch let problems as FieldErrors {
                report.problems.append(Problem(line: line, reason: problems.description))
            }
        }
        report.problems = (report.problems + malformed).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return report
    }

    /// Every patron, by name, read in pages.
    public static func allPatrons(of library: any LibraryService) async throws -> [Patron] {
        var patrons: [Patron] = []
        var page = 1
        while true {
            let batch = try await library.patrons(search: "", page: page, perPage: 500)
            patrons += batch
            guard batch.count == 500 else { return patrons }
            page += 1
        }
    }

    public static func books(_ books: [Book]) -> String {
        CSV.write([bookColumns] + books.map { book in
            [book.id.description, book.title, book.author, book.publisher ?? "", book.categories ?? "", book.isbn ?? "",
             book.lastCheckedOut.map(LibraryDate.text) ?? "", book.lastCheckedOutBy ?? ""]
        })
    }

    public static func loans(_ loans: [Loan]) -> String {
        CSV.write([loanColumns] + loans.map { loan in
            [loan.id.description, loan.bookID.description, loan.borrower, LibraryDate.text(loan.checkedOut), LibraryDate.text(loan.due), loan.returned.map(LibraryDate.text) ?? ""]
        })
    }

    /// The rows of a CSV with a header naming at least `required`; other known columns are
    /// optional and unknown ones are reported once, by name, and ignored.
    /// A malformed row (broken quoting) is a `Problem` on its line, and costs no other row.
    static func rows(_ text: String, required: [String], known: [String])
        throws(CSVImportError) -> (rows: [(line: Int, value: (String) -> String)], unknown: [String], malformed: [Problem]) {
        let results = CSV.read(text)
        guard let first = results.first else { throw CSVImportError(message: "the file is empty; it needs a header row: \(known.joined(separator: ","))") }
        let header: CSV.Record
        switch first {
        case .success(let record): header = record
        case .failure(let error): throw CSVImportError(message: "the header is not CSV: \(error)")
        }
        var records: [CSV.Record] = []
        var malformed: [Problem] = []
        for result in results.dropFirst() {
            switch result {
            case .success(let record): records.append(record)
            case .failure(let error): malformed.append(Problem(line: error.line, reason: "not CSV: \(error.message)"))
            }
        }
        let names = header.fields.map { $0.trimmed() }
        let missing = required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw CSVImportError(message: "line \(header.line): the header has no \(missing.joined(separator: ", ")) column; it names \(names.joined(separator: ", "))")
        }
        let rows = records.map { record -> (line: Int, value: (String) -> String) in
            let fields = record.fields
            // An export protected formula-like cells with a leading ': the value is what follows.
            return (record.line, { name in names.firstIndex(of: name).flatMap { $0 < fields.count ? CSV.unprotected(fields[$0]) : nil } ?? "" })
        }
        return (rows, names.filter { !known.contains($0) && !$0.isEmpty }, malformed)
    }

    /// Adds every good row of a books CSV (columns title, author, and optionally publisher,
    /// categories, isbn) to `library`; the bad ones are reported by line and field. A book whose
    /// ISBN (in either form) the library already has, or an earlier row gave, is not added again
    /// but reported as already there: importing a file twice, or again after fixing the rows it
    /// reported, adds each book once.
    public static func importBooks(_ text: String, into library: any LibraryService) async throws -> ImportReport {
        let (rows, unknown, malformed) = try rows(text, required: ["title", "author"], known: bookColumns)
        var report = ImportReport(table: .books)
        if !unknown.isEmpty { report.problems.append(Problem(line: 1, reason: "ignored the columns \(unknown.joined(separator: ", "))")) }
        var imported: [String: (line: Int, id: Book.ID)] = [:]
        for (line, value) in rows {
            let form = BookForm(title: value("title"), author: value("author"), publisher: value("publisher"), categories: value("categories"), isbn: value("isbn"))
            let isbn = try? ISBN(form.isbn)
            if let isbn, let earlier = imported[isbn.thirteen] {
                report.alreadyThere.append(Problem(line: line, reason: "ISBN \(isbn) is already in the library: line \(earlier.line) added it as book \(earlier.id)"))
                continue
            }
            if let isbn, let book = try await self.book(isbn, in: library) {
                report.alreadyThere.append(Problem(line: line, reason: "ISBN \(isbn) is already in the library: book \(book.id), \"\(book.title)\""))
                continue
            }
            do {
                let book = try await library.add(form)
                if let isbn { imported[isbn.thirteen] = (line, book.id) }
                report.imported += 1
            } catch let problems as FieldErrors {
                report.problems.append(Problem(line: line, reason: problems.description))
            }
        }
        report.problems = (report.problems + malformed).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return report
    }

    /// The library's book with this ISBN, in either form; found through the search, which
    /// indexes both.
    private static func book(_ isbn: ISBN, in library: any LibraryService) async throws -> Book? {
        try await library.books(BookQuery(search: isbn.thirteen), after: nil, limit: 50).items.first { book in
            book.isbn.flatMap { try? ISBN($0) }?.thirteen == isbn.thirteen
        }
    }

    /// A loan as a loans CSV row gives it, checked.
    public struct LoanRow: Sendable, Hashable {
        public var bookID: Book.ID
        public var borrower: String
        public var checkedOut: Date
        public var due: Date
        public var returned: Date?
    }

    /// The loans of a CSV (columns bookId, borrower, checkedOut, due, and optionally returned),
    /// each checked, or the reason it cannot be one.
    /// Rows that are not CSV at all are `malformed`, each a problem on its line.
    public static func loanRows(_ text: String) throws(CSVImportError) -> (rows: [(line: Int, row: Result<LoanRow, FieldErrors>)], malformed: [Problem]) {
        let (rows, _, malformed) = try rows(text, required: ["bookId", "borrower", "checkedOut", "due"], known: loanColumns)
        return (rows.map { line, value in
            var errors: [FieldError] = []
            let bookID = Book.ID(value("bookId").trimmed())
            if bookID == nil { errors.append(FieldError(field: "bookId", message: "\"\(value("bookId").prefix(20))\" is not a book id")) }
            var borrower = ""
            switch BookForm.borrower(value("borrower")) {
            case .success(let name): borrower = name
            case .failure(let problems): errors += problems.errors.map { FieldError(field: "borrower", message: $0.message) }
            }
            func date(_ field: String, required: Bool) -> Date? {
                let text = value(field).trimmed()
                if text.isEmpty {
                    if required { errors.append(FieldError(field: field, message: "is required")) }
                    return nil
                }
                guard let date = LibraryDate.date(text) else {
                    errors.append(FieldError(field: field, message: "\"\(text.prefix(30))\" is not a yyyy-MM-dd HH:mm:ss date (UTC)"))
                    return nil
                }
                return date
            }
            let checkedOut = date("checkedOut", required: true)
            let due = date("due", required: true)
            let returned = date("returned", required: false)
            if let checkedOut, let due, due < checkedOut { errors.append(FieldError(field: "due", message: "is before checkedOut")) }
            if let checkedOut, let returned, returned < checkedOut { errors.append(FieldError(field: "returned", message: "is before checkedOut")) }
            guard errors.isEmpty, let bookID, let checkedOut, let due else { return (line, .failure(FieldErrors(errors))) }
            return (line, .success(LoanRow(bookID: bookID, borrower: borrower, checkedOut: checkedOut, due: due, returned: returned)))
        }, malformed)
    }
}
