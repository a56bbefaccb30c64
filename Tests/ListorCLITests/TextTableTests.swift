import Foundation
@testable import ListorCommandKit
import ListorTestSupport
import Testing

/// Tables share the terminal's width: with long values in every column, no line is wider than
/// the terminal and the main column stays readable.
@Suite struct TextTableTests {
    static let columns = [TextTable.Column(title: "ID", rightAligned: true), TextTable.Column(title: "TITLE", flexible: true, isMain: true),
                          TextTable.Column(title: "AUTHOR", flexible: true), TextTable.Column(title: "STATUS", flexible: true)]
    static let long = String(repeating: "x", count: 200)

    @Test(arguments: [80, 120])
    func longValuesInEveryColumnShareTheWidth(width: Int) {
        let table = TextTable(columns: Self.columns, rows: [["1", "T" + Self.long, "A" + Self.long, "S" + Self.long], ["2", "Short", "Short", "In"]], width: width)
        let widths = table.widths()
        #expect(table.render().split(separator: "\n").allSatisfy { $0.count <= width })
        #expect(widths.reduce(0, +) + 2 * 3 == width)
        #expect(widths[1] >= 2 * widths[2] - 1 && widths[1] >= 2 * widths[3] - 1, "the title keeps twice the others: \(widths)")
        #expect(widths[2] >= TextTable.narrowest && widths[3] >= TextTable.narrowest)
    }

    /// A stored line break (an order's name from before the door refused them) cannot forge a
    /// row: each row stays one line, its hidden characters shown as code points.
    @Test func aCellNeverBreaksItsRow() {
        let table = TextTable(columns: Self.columns, rows: [["1", "Ann\r\n 2  Forged", "\u{1B}]0;title\u{07}", "Out"]], width: 120)
        let lines = table.render().split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == " 1  Ann<U+000D><U+000A> 2  Forged  <U+001B>]0;title<U+0007>  Out")
    }

    @Test func whatFitsIsNotCut() {
        let table = TextTable(columns: Self.columns, rows: [["1", "Dune", "Frank Herbert", "Available"]], width: 80)
        #expect(table.render() == "ID  TITLE  AUTHOR         STATUS\n 1  Dune   Frank Herbert  Available")
    }

    /// The case: a checked-out book's status names its borrower; the titles stay readable.
    @Test(arguments: [80, 120])
    func aCheckedOutBookLeavesTheTitlesReadable(width: Int) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.path
        let borrower = "Bartholomew Fitzwilliam-Montgomery of the Lending Desk Volunteers"
        #expect(await listor("library", "checkout", "1", "--to", borrower, "--new-patron", "--data-dir", path).exitCode == 0)
        let list = await listor(["library", "list", "--data-dir", path], columns: width)
        let lines = list.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= width }, "\(list.output)")
        #expect(list.output.contains("Pride and Prejudice"), "\(list.output)")
    }
}
