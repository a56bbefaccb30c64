/// Words to lines at a width: collapses whitespace, wraps at word boundaries by display width,
/// keeps the left margin of lists and quotes, hangs list markers in that margin, and keeps
/// blank lines between blocks to one.
struct LineBuilder {
    /// Columns available; `nil` lays everything out on as few lines as the markup asks for
    /// (table cells are first measured that way).
    let width: Int?
    private(set) var lines: [String] = []
    private var line = ""
    private var lineWidth = 0
    private var lineHasContent = false
    /// The left margin for lines started from now on.
    var indent = 0
    /// A list item's marker, waiting for the item's first line ("* ", "12. ").
    var marker: String?
    private var pendingSpace = false
    private var pendingBlank = false
    /// Link and fragment marks waiting to be glued to the next word.
    private var glue = ""
    private var glueWidth = 0

    init(width: Int?) {
        self.width = width
    }

    var isAtLineStart: Bool { !lineHasContent }

    // MARK: - Inline text

    /// Text as HTML shows it outside `pre`: runs of whitespace are one space.
    mutating func text(_ text: String) {
        var word = Substring()
        var start = text.startIndex
        var index = start
        let utf8 = text.utf8
        var utf8Index = utf8.startIndex
        while utf8Index != utf8.endIndex {
            let byte = utf8[utf8Index]
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                if start < index {
                    word = text[start..<index]
                    self.word(word)
                }
                pendingSpace = true
                utf8Index = utf8.index(after: utf8Index)
                index = utf8Index
                start = index
            } else {
                utf8Index = utf8.index(after: utf8Index)
                index = utf8Index
            }
        }
        if start < index { self.word(text[start..<index]) }
    }

    /// One word that must not be broken (unless it is wider than a line or ideographic).
    mutating func word(_ word: Substring) {
        var word = word
        var wordWidth = DisplayWidth.of(word)
        if !glue.isEmpty {
            word = Substring(glue + word)
            wordWidth += glueWidth
            glue = ""
            glueWidth = 0
        }
        place(word, width: wordWidth)
    }

    /// A mark for a link or a fragment target, shown with the next word.
    mutating func glue(_ mark: String) {
        glue += mark
        glueWidth += DisplayWidth.of(mark)
    }

    /// Puts waiting link marks down on their own, when their link had no text.
    mutating func flushGlue() {
        guard !glue.isEmpty else { return }
        let mark = glue
        glue = ""
        let markWidth = glueWidth
        glueWidth = 0
        place(Substring(mark), width: markWidth)
    }

    /// Puts a list item's marker down on its own, when the item had nothing in it.
    mutating func flushMarker() {
        guard marker != nil else { return }
        startLineIfNeeded()
        lineHasContent = true
    }

    mutating func space() {
        pendingSpace = true
    }

    private mutating func place(_ word: Substring, width wordWidth: Int) {
        startLineIfNeeded()
        let gap = pendingSpace && lineHasContent ? 1 : 0
        pendingSpace = false
        guard let width else {
            append(word, width: wordWidth, gap: gap)
            return
        }
        if lineWidth + gap + wordWidth <= width || !lineHasContent && wordWidth <= width - lineWidth {
            append(word, width: wordWidth, gap: gap)
            return
        }
        let available = max(width - indent, 1)
        if wordWidth > available || word.unicodeScalars.contains(where: { DisplayWidth.isWide($0.value) }) {
            split(word, gap: gap)
            return
        }
        newLine()
        startLineIfNeeded()
        append(word, width: wordWidth, gap: 0)
    }

    /// Breaks a word that cannot fit anywhere whole: fills the line, then line after line.
    private mutating func split(_ word: Substring, gap: Int) {
        guard let width else { return }
        var gap = gap
        var piece = ""
        var pieceWidth = 0
        for character in word {
            let characterWidth = DisplayWidth.of(String(character))
            if lineWidth + gap + pieceWidth + characterWidth > width, lineHasContent || !piece.isEmpty {
                if !piece.isEmpty { append(Substring(piece), width: pieceWidth, gap: gap) }
                gap = 0
                piece = ""
                pieceWidth = 0
                newLine()
                startLineIfNeeded()
            }
            piece.append(character)
            pieceWidth += characterWidth
        }
        if !piece.isEmpty { append(Substring(piece), width: pieceWidth, gap: gap) }
    }

    private mutating func append(_ word: Substring, width wordWidth: Int, gap: Int) {
        if gap > 0 { line.append(" ") }
        line += word
        lineWidth += gap + wordWidth
        lineHasContent = true
    }

    /// Begins a line with the margin (and the list marker, hung in it) before its first word.
    private mutating func startLineIfNeeded() {
        guard !lineHasContent, line.isEmpty else { return }
        if pendingBlank, let last = lines.last, !last.isEmpty { lines.append("") }
        pendingBlank = false
        if let marker {
            let markerWidth = DisplayWidth.of(marker)
            let pad = max(indent - markerWidth, 0)
            line = String(repeating: " ", count: pad) + marker
            lineWidth = pad + markerWidth
            self.marker = nil
        } else {
            line = String(repeating: " ", count: indent)
            lineWidth = indent
        }
    }

    // MARK: - Breaks

    private mutating func newLine() {
        lines.append(line.droppingTrailingSpaces())
        line = ""
        lineWidth = 0
        lineHasContent = false
        pendingSpace = false
    }

    /// Ends the current line, if it has anything on it.
    mutating func breakLine() {
        if lineHasContent { newLine() }
        pendingSpace = false
    }

    /// `<br>`: ends the line even when it is empty, so two in a row leave a blank line.
    mutating func forcedBreak() {
        if lineHasContent {
            newLine()
        } else if !lines.isEmpty {
            lines.append("")
        }
    }

    /// Between blocks: one blank line before the next content, never at the top, never two.
    mutating func blankLine() {
        breakLine()
        pendingBlank = true
    }

    // MARK: - Whole lines

    /// Lines already laid out (a table, a rule, preformatted text), each after the margin.
    mutating func appendLines(_ newLines: [String]) {
        breakLine()
        for text in newLines {
            startLineIfNeeded()
            line += text
            lineHasContent = true
            newLine()
        }
    }

    /// Preformatted text: lines as they are, tabs to the next multiple of eight.
    mutating func preformatted(_ text: String) {
        var first = true
        for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first {
                if lineHasContent { newLine() } else { lines.append(""); line = "" }
            }
            first = false
            guard !piece.isEmpty else { continue }
            startLineIfNeeded()
            if !glue.isEmpty {
                line += glue
                glue = ""
                glueWidth = 0
            }
            // Printable ASCII, most of what `pre` holds, is one column a byte.
            if piece.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
                line += piece
                lineWidth += piece.utf8.count
                lineHasContent = true
                continue
            }
            for character in piece where character != "\r" {
                if character == "\t" {
                    let spaces = 8 - (lineWidth - indent) % 8
                    line += String(repeating: " ", count: spaces)
                    lineWidth += spaces
                } else {
                    line.append(character)
                    lineWidth += DisplayWidth.of(String(character))
                }
            }
            lineHasContent = true
        }
    }

    /// The lines so far, the current one included; the builder is done.
    mutating func finish() -> [String] {
        flushGlue()
        breakLine()
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

extension String {
    /// The text without the spaces at its end, found byte by byte.
    func droppingTrailingSpaces() -> String {
        let utf8 = utf8
        guard utf8.last == 0x20 else { return self }
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
        return String(self[..<end])
    }
}
