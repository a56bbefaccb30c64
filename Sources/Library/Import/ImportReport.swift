import Foundation
import ListorKit

/// What an import did: how many rows went in, each row that was already in the library (so
/// importing a file again adds nothing twice), and each row that did not go in, by line and why.
public struct ImportReport: Sendable, Hashable {
    public var table: LibraryCSV.Table
    public var imported: Int
    /// One per row not added because the library already has it, with its line and what it has.
    public var alreadyThere: [Problem]
    /// One per row left out, with its line; a problem on line 1 is about the header (columns
    /// that were ignored) and cost no row.
    public var problems: [Problem]

    public init(table: LibraryCSV.Table, imported: Int = 0, alreadyThere: [Problem] = [], problems: [Problem] = []) {
        self.table = table
        self.imported = imported
        self.alreadyThere = alreadyThere
        self.problems = problems
    }

    /// Problems as a report lists them: each row's line, and what was wrong without it.
    public static func lines(_ problems: [Problem]) -> [(line: Int, message: String)] {
        problems.map { problem in
            var rest = problem
            rest.line = nil
            return (problem.line ?? 0, rest.description)
        }
    }

    /// Whether some row was left out.
    public var leftRowsOut: Bool { problems.contains { ($0.line ?? 0) > 1 } }

    /// "imported 1 book", "imported 0 loans, 8 already in the library".
    public var summary: String {
        "imported \(table.count(imported))" + (alreadyThere.isEmpty ? "" : ", \(alreadyThere.count) already in the library")
    }
}
