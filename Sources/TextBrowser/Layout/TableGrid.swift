/// A table's cells as they are read, each already laid out without wrapping, and the two ways
/// of setting them as text: aligned columns when they fit the width, otherwise one cell after
/// another, wrapped, with the header's name before each value when the table has a header row.
struct TableGrid {
    struct Cell {
        var lines: [String]
        var isHeader: Bool
    }

    var rows: [[Cell]] = []
    var caption: [String] = []
    private var row: [Cell] = []

    mutating func add(cell lines: [String], isHeader: Bool) {
        row.append(Cell(lines: lines, isHeader: isHeader))
    }

    mutating func endRow() {
        if !row.isEmpty { rows.append(row) }
        row = []
    }

    /// The table as lines at most `width` columns wide (but for words wider than that).
    func layout(width: Int) -> [String] {
        let rows = rows.filter { $0.contains { !$0.lines.isEmpty } }
        guard !rows.isEmpty else { return caption }
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.lines.map { DisplayWidth.of($0) }.max() ?? 0)
            }
        }
        let used = widths.filter { $0 > 0 }
        let total = used.reduce(0, +) + 2 * max(used.count - 1, 0)
        let body = total <= width ? columns(rows, widths: widths) : cellByCell(rows, width: width)
        return caption + body
    }

    /// Each cell line at its column's offset. Tables inside tables pass every line of the inner
    /// one through each outer one, so this works on bytes and spaces owed rather than on
    /// characters: done character by character, 25 nested tables around 20,000 lines took 12 s.
    private func columns(_ rows: [[Cell]], widths: [Int]) -> [String] {
        let spaced = rows.contains { $0.contains { $0.lines.count > 1 } }
        var lines: [String] = []
        for (rowIndex, row) in rows.enumerated() {
            if spaced, rowIndex > 0 { lines.append("") }
            let height = row.map(\.lines.count).max() ?? 0
            for lineIndex in 0..<height {
                var text = ""
                // Spaces that go before the next piece, if one comes: trailing ones never do.
                var owed = 0
                var started = false
                for (column, cell) in row.enumerated() where widths[column] > 0 {
                    if started { owed += 2 }
                    started = true
                    let piece = lineIndex < cell.lines.count ? cell.lines[lineIndex] : ""
                    guard !piece.isEmpty else {
                        owed += widths[column]
                        continue
                    }
                    if owed > 0 { text += String(repeating: " ", count: owed) }
                    text += piece
                    owed = widths[column] - DisplayWidth.of(piece)
                }
                lines.append(text.droppingTrailingSpaces())
            }
        }
        return lines
    }

    /// The header row's cells as labels ("Name: value"), when the first row is all headers
    /// and each is short enough to be a label. A header cell that holds more (a paragraph, a
    /// table of its own) is shown as a row instead: repeated before every value, a table's
    /// header inside another table's header grew the page exponentially with the nesting.
    private func labels(_ rows: [[Cell]], width: Int) -> [String]? {
        guard rows.count > 1, rows[0].allSatisfy(\.isHeader) else { return nil }
        let labels = rows[0].map { $0.lines.joined(separator: " ").collapsingHTMLWhitespace() }
        return labels.allSatisfy({ DisplayWidth.of($0) <= max(width / 2, 20) }) ? labels : nil
    }

    private func cellByCell(_ rows: [[Cell]], width: Int) -> [String] {
        let header = labels(rows, width: width)
        var lines: [String] = []
        for (rowIndex, row) in rows.enumerated() {
            if header != nil, rowIndex == 0 { continue }
            if header != nil, !lines.isEmpty { lines.append("") }
            for (column, cell) in row.enumerated() where !cell.lines.isEmpty {
                var builder = LineBuilder(width: width)
                if let header, column < header.count, !header[column].isEmpty {
                    builder.text(header[column] + ":")
                    builder.space()
                }
                for line in cell.lines {
                    // A line that fits is already laid out (perhaps an inner table's row):
                    // kept as it is, not wrapped again at every table it is nested in.
                    if builder.isAtLineStart, DisplayWidth.of(line) <= width {
                        builder.indent = 0
                        builder.appendLines([line])
                        continue
                    }
                    let margin = line.prefix { $0 == " " }.count
                    builder.indent = min(margin, width / 2)
                    builder.text(line)
                    builder.breakLine()
                }
                lines += builder.finish()
            }
        }
        return lines
    }
}
