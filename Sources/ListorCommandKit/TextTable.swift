import Foundation
import ListorKit

/// A plain-text table that fits a terminal width. Columns take what their content needs; when
/// that is more than the width, the flexible ones share what there is, the widest giving way
/// first, and are cut with "…". The main column (a book's title, a page's title) gives way only
/// once it is twice as wide as the others, so that it stays readable however long the others'
/// values are; none is cut below its title or ten characters.
package struct TextTable {
    package struct Column {
        let title: String
        var rightAligned = false
        /// May be cut to fit.
        var flexible = false
        /// Keeps more of the width than the other flexible columns.
        var isMain = false
        /// How narrow it may become, when not the narrowest any flexible column may.
        var minimum: Int?

        package init(title: String, rightAligned: Bool = false, flexible: Bool = false, isMain: Bool = false, minimum: Int? = nil) {
            self.title = title
            self.rightAligned = rightAligned
            self.flexible = flexible
            self.isMain = isMain
            self.minimum = minimum
        }
    }

    let columns: [Column]
    let rows: [[String]]
    var width = 80

    /// A row is one line whatever its cells hold: stored text's hidden characters (a line break
    /// in an order's name, an escape sequence) are shown as code points, never obeyed.
    package init(columns: [Column], rows: [[String]], width: Int = 80) {
        self.columns = columns
        self.rows = rows.map { $0.map { HiddenCharacter.revealed($0) } }
        self.width = width
    }
    let gap = 2

    /// How narrow a flexible column may become.
    static let narrowest = 10

    package func render() -> String {
        let widths = widths()
        let lines = ([columns.map(\.title)] + rows).map { cells in
            cells.enumerated().map { index, cell in
                pad(cut(cell, to: widths[index]), to: widths[index], right: columns[index].rightAligned,
                    isLast: index == cells.count - 1)
            }
            .joined(separator: String(repeating: " ", count: gap))
        }
        // A row whose last cells are empty ends where its text does.
        .map { line in String(line.dropLast(line.reversed().prefix { $0 == " " }.count)) }
        return lines.joined(separator: "\n")
    }

    func widths() -> [Int] {
        var widths = columns.indices.map { index in
            ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
        }
        let floors = columns.indices.map { index in
            columns[index].flexible ? max(columns[index].title.count, min(widths[index], columns[index].minimum ?? Self.narrowest)) : widths[index]
        }
        var excess = widths.reduce(0, +) + gap * max(0, columns.count - 1) - width
        while excess > 0 {
            let candidates = columns.indices.filter { widths[$0] > floors[$0] }
            guard let widest = candidates.max(by: { share(widths[$0], $0) < share(widths[$1], $1) }) else { break }
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }

    /// How much of the width a column takes, as the sharing weighs it.
    private func share(_ width: Int, _ index: Int) -> Double {
        columns[index].isMain ? Double(width) / 2 : Double(width)
    }

    private func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    private func pad(_ text: String, to width: Int, right: Bool, isLast: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        if right { return padding + text }
        return isLast ? text : text + padding
    }
}
