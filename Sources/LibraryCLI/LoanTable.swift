import Library
import ListorCommandKit

/// The loans of a `LoanListViewModel` as a table that fits 120 columns.
enum LoanTable {
    static func render(_ list: LoanListViewModel, width: Int) -> String {
        let columns = [TextTable.Column(title: "BOOK", flexible: true, isMain: true), TextTable.Column(title: "BORROWER", flexible: true), TextTable.Column(title: "OUT"),
                       TextTable.Column(title: "DUE"), TextTable.Column(title: "RETURNED")]
        return TextTable(columns: columns, rows: list.rows.map { [$0.title, $0.borrower, $0.checkedOut, $0.due, $0.returned] }, width: width).render()
    }
}
