import Foundation
import ListorKit
import Tagged

/// Books and loans as CSV, for spreadsheets and for moving a library between servers.
public enum LibraryCSV {
    /// What a CSV file holds.
    public enum Table: String, Sendable, Hashable, CaseIterable {
        case books, loans

        /// "1 book", "3 loans".
        public func count(_ count: Int) -> String {
            "\(count) " + (count == 1 ? String(rawValue.dropLast()) : rawValue)
        }
    }

    public static let bookColumns = ["id", "title", "author", "publisher", "categories", "isbn", "lastCheckedOut", "lastCheckedOutBy"]
    public static let loanColumns = ["id", "bookId", "borrower", "checkedOut", "due", "returned"]

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
    static func rows(_ text: String, required: [String], known: [String]) throws(CSVImportError) -> (rows: [(line: Int, value: (String) -> String)], unknown: [String]) {
        let records: [CSV.Record]
        do { records = try CSV.parse(text) } catch { throw CSVImportError(message: "the file is not CSV: \(error)") }
        guard let header = records.first else { throw CSVImportError(message: "the file is empty; it needs a header row: \(known.joined(separator: ","))") }
        let names = header.fields.map { $0.trimmed() }
        let missing = required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw CSVImportError(message: "line \(header.line): the header has no \(missing.joined(separator: ", ")) column; it names \(names.joined(separator: ", "))")
        }
        let rows = records.dropFirst().map { record -> (line: Int, value: (String) -> String) in
            let fields = record.fields
            // An export protected formula-like cells with a leading ': the value is what follows.
            return (record.line, { name in names.firstIndex(of: name).flatMap { $0 < fields.count ? CSV.unprotected(fields[$0]) : nil } ?? "" })
        }
        return (rows, names.filter { !known.contains($0) && !$0.isEmpty })
    }

    /// Adds every good row of a books CSV (columns title, author, and optionally publisher,
    /// categories, isbn) to `library`; the bad ones are reported by line and field.
    public static func importBooks(_ text: String, into library: any LibraryService) async throws -> ImportReport {
        let (rows, unknown) = try rows(text, required: ["title", "author"], known: bookColumns)
        var report = ImportReport(table: .books)
        if !unknown.isEmpty { report.problems.append(Problem(line: 1, reason: "ignored the columns \(unknown.joined(separator: ", "))")) }
        for (line, value) in rows {
            let form = BookForm(title: value("title"), author: value("author"), publisher: value("publisher"), categories: value("categories"), isbn: value("isbn"))
            do {
                _ = try await library.add(form)
                report.imported += 1
            } catch let problems as FieldErrors {
                report.problems.append(Problem(line: line, reason: problems.description))
            }
        }
        return report
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
    public static func loanRows(_ text: String) throws(CSVImportError) -> [(line: Int, row: Result<LoanRow, FieldErrors>)] {
        let (rows, _) = try rows(text, required: ["bookId", "borrower", "checkedOut", "due"], known: loanColumns)
        return rows.map { line, value in
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
        }
    }
}
