import Foundation

/// A plain-text table that fits a terminal width: columns take what their content needs,
/// and the one flexible column is cut with "…" to fit.
struct TextTable {
    struct Column {
        let title: String
        var rightAligned = false
        var flexible = false
    }

    let columns: [Column]
    let rows: [[String]]
    var width = 80
    let gap = 2

    func render() -> String {
        let natural = columns.indices.map { index in
            ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
        }
        var widths = natural
        if let flexible = columns.firstIndex(where: \.flexible) {
            let fixed = natural.enumerated().filter { $0.offset != flexible }.map(\.element).reduce(0, +)
            let available = width - fixed - gap * (columns.count - 1)
            widths[flexible] = max(columns[flexible].title.count, min(natural[flexible], available))
        }
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

    private func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    private func pad(_ text: String, to width: Int, right: Bool, isLast: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        if right { return padding + text }
        return isLast ? text : text + padding
    }
}
