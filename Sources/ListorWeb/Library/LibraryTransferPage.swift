import Library
import ListorKit

/// What `library/transfer.mustache` shows: the exports, the import forms, and what the last
/// import did.
struct LibraryTransferPage: Encodable {
    struct Line: Encodable {
        let line: Int
        let message: String
    }

    let csrf: String
    /// "books.csv: imported 3 books, 1 already in the library".
    let summary: String?
    let problems: [Line]
    let alreadyThere: [Line]
    let hasProblems: Bool
    let hasAlreadyThere: Bool

    init(csrf: String, report: ImportReport? = nil, file: String = "") {
        self.csrf = csrf
        summary = report.map { "\(file): \($0.summary)" + ($0.leftRowsOut ? "; the rows below were left out" : "") }
        func lines(_ problems: [Problem]) -> [Line] { ImportReport.lines(problems).map { Line(line: $0.line, message: $0.message) } }
        problems = lines(report?.problems ?? [])
        alreadyThere = lines(report?.alreadyThere ?? [])
        hasProblems = !problems.isEmpty
        hasAlreadyThere = !alreadyThere.isEmpty
    }
}
