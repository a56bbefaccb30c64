import Library
import ListorKit

enum CSVTargets {
    /// The CSV reader and writer: records read, written and read again are the same records.
    static let csv = FuzzTarget(name: "csv", summary: "ListorKit's CSV reader and writer; records survive writing and reading again") { bytes in
        guard let text = String(validating: bytes, as: UTF8.self), let records = try? CSV.parse(text) else { return }
        // A record of one empty field is written as an empty line, which reading skips.
        let rows = records.map(\.fields).filter { $0 != [""] }
        guard let again = try? CSV.parse(CSV.write(rows)) else { fatalError("invariant broken: written CSV does not read") }
        require(again.map { $0.fields.map(CSV.unprotected) } == rows, "CSV round trip changed the records")
    }

    /// The library's loans CSV import: every row is a loan or the reasons it is not one.
    static let libraryCSV = FuzzTarget(name: "library-csv", summary: "the library's CSV import (loans and book rows); each row a loan or field errors naming the field") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        if let read = try? LibraryCSV.loanRows(text) {
            for problem in read.malformed { require(!problem.reason.isEmpty && (problem.line ?? 0) >= 1, "a malformed line without its line or reason") }
            for (line, row) in read.rows {
                require(line >= 1, "a row on line \(line)")
                if case .failure(let errors) = row { require(!errors.errors.isEmpty, "a refused row without a reason") }
                if case .success(let loan) = row { require(loan.due >= loan.checkedOut, "a loan due before it began") }
            }
        }
        let fields = FuzzTarget.fields(bytes, count: 5)
        LibraryTargets.checkForm(BookForm(title: fields[0], author: fields[1], publisher: fields[2], categories: fields[3], isbn: fields[4]))
    }
}
