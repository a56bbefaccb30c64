import Foundation
import ListorKit

/// What an import did: how many rows went in, and each row that did not, by line and why.
public struct ImportReport: Sendable, Hashable {
    public var table: LibraryCSV.Table
    public var imported: Int
    /// One per row left out, with its line; a problem on line 1 is about the header (columns
    /// that were ignored) and cost no row.
    public var problems: [Problem]

    public init(table: LibraryCSV.Table, imported: Int = 0, problems: [Problem] = []) {
        self.table = table
        self.imported = imported
        self.problems = problems
    }

    /// Whether some row was left out.
    public var leftRowsOut: Bool { problems.contains { ($0.line ?? 0) > 1 } }

    /// "imported 1 book", "imported 8 loans".
    public var summary: String { "imported \(table.count(imported))" }
}
