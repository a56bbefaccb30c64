import Foundation

/// The terminal's layout of one page: the lines `PageWalk`'s elements make, and what stays open
/// while they are made (table cells, links, indents, headings). `TextLayout` makes one per page.
struct LayoutRun: WalkLayout {
    let width: Int
    let baseURL: URL
    /// The builder text goes to: the page's, or a table cell's while one is open.
    private var builders: [LineBuilder]
    private var anchors: [PageAnchor] = []
    private var lists = 0
    private var tables: [TableGrid] = []
    /// Tables open inside the deepest one laid out as a grid: their cells are laid out as
    /// blocks, as lynx lays out every table, since each table that holds another copies and
    /// measures all of its lines again.
    private var flattenedTables = 0
    static let maximumTableNesting = 3
    private var openLinks: [(number: Int, text: String)] = []
    private var savedIndents: [(node: Int, indent: Int)] = []
    private var headingStarts: [Int] = []
    private var fragmentIDs: [String] = []
    private var preformatted = 0

    init(width: Int, baseURL: URL) {
        self.width = width
        self.baseURL = baseURL
        builders = [LineBuilder(width: width)]
    }

    /// Relations `<link>` elements name in the head (next, previous, index, search, …), shown as
    /// lynx shows them: one line of numbered links at the top, after a `#`.
    mutating func headLinks(of document: HTMLDocument) {
        let shown: Set<String> = ["index", "search", "copyright", "next", "prev", "previous", "contents", "toc", "start", "first", "last",
                                  "up", "help", "glossary", "chapter", "section", "subsection", "appendix", "bookmark", "alternate", "home"]
        let base = URLResolver.Base(baseURL)
        var first = true
        for (_, element) in document.elements(.link) {
            guard let href = element[attribute: "href"], let rel = element[attribute: "rel"]?.lowercased(),
                  let relation = rel.split(separator: " ").first(where: { shown.contains(String($0)) }) else { continue }
            if rel.contains("stylesheet") || rel.contains("icon") { continue }
            let title = element[attribute: "title"].map { $0.collapsingHTMLWhitespace() }.flatMap { $0.isEmpty ? nil : $0 } ?? relation.capitalized
            let number = anchors.count + 1
            anchors.append(PageAnchor(number: number, kind: .link(href: href, target: URLResolver.target(of: href, against: base)), text: title))
            withBuilder {
                if first { $0.glue("#") }
                $0.glue(Self.mark(number))
                $0.text(title)
                $0.space()
            }
            first = false
        }
        if !first { withBuilder { $0.blankLine() } }
    }

    private mutating func withBuilder(_ body: (inout LineBuilder) -> Void) {
        body(&builders[builders.count - 1])
    }

    private var indent: Int {
        get { builders[builders.count - 1].indent }
        set { builders[builders.count - 1].indent = newValue }
    }

    private var available: Int {
        (builders[builders.count - 1].width ?? width) - indent
    }

    mutating func text(_ text: String, preformatted: Bool) {
        if !openLinks.isEmpty { openLinks[openLinks.count - 1].text += text }
        withBuilder { preformatted ? $0.preformatted(text) : $0.text(text) }
    }

    // MARK: - Elements

    mutating func open(_ element: PageElement, node: Int, id: String?) {
        if let id {
            fragmentIDs.append(id)
            withBuilder { $0.glue(String(DisplayWidth.fragmentMark)) }
        }
        switch element {
        case .paragraph:
            withBuilder { $0.blankLine() }
        case .heading:
            withBuilder { $0.blankLine(); $0.breakLine() }
            headingStarts.append(builders[builders.count - 1].lines.count)
        case .division, .term:
            withBuilder { $0.breakLine() }
        case .quote:
            withBuilder { $0.blankLine() }
            indent(node, by: 4)
        case .preformatted:
            withBuilder { $0.blankLine() }
            preformatted += 1
        case .list:
            listBoundary()
            lists += 1
        case .item(let number):
            openListItem(node, number: number)
        case .definitions:
            listBoundary()
        case .definition:
            withBuilder { $0.breakLine() }
            indent(node, by: 4)
        case .lineBreak:
            withBuilder { $0.forcedBreak() }
        case .rule:
            let rule = String(repeating: "─", count: max(available, 1))
            withBuilder { $0.appendLines([rule]) }
        case .image(let alt, _):
            if let alt, !alt.isEmpty {
                text(" [" + alt + "] ", preformatted: preformatted > 0)
            } else if alt == nil, !openLinks.isEmpty {
                text("[image]", preformatted: preformatted > 0)
            }
        case .link(let href, let target):
            let number = anchors.count + 1
            anchors.append(PageAnchor(number: number, kind: .link(href: href, target: target), text: ""))
            openLinks.append((number, ""))
            withBuilder { $0.glue(Self.mark(number)) }
        case .table:
            withBuilder { $0.blankLine() }
            if flattenedTables > 0 || tables.count >= Self.maximumTableNesting {
                flattenedTables += 1
            } else {
                tables.append(TableGrid())
            }
        case .row:
            if isInGrid { tables[tables.count - 1].endRow() } else { withBuilder { $0.breakLine() } }
        case .cell:
            if isInGrid { builders.append(LineBuilder(width: nil)) } else { withBuilder { $0.breakLine() } }
        case .caption:
            builders.append(LineBuilder(width: nil))
        case .field(let field, let place):
            addField(field, place: place)
        case .inert(let label):
            withBuilder { $0.word(Substring("[" + label.replacingOccurrences(of: " ", with: "\u{A0}") + "]")) }
        case .inline, .other:
            break
        }
    }

    mutating func close(_ element: PageElement, node: Int) {
        switch element {
        case .paragraph, .quote:
            withBuilder { $0.blankLine() }
        case .heading(let level):
            closeHeading(level)
        case .preformatted:
            preformatted -= 1
            withBuilder { $0.blankLine() }
        case .list:
            lists -= 1
            listBoundary()
        case .item:
            withBuilder { $0.flushMarker(); $0.breakLine() }
        case .definitions:
            listBoundary()
        case .division, .term, .definition:
            withBuilder { $0.breakLine() }
        case .link:
            guard let link = openLinks.popLast() else { break }
            anchors[link.number - 1].text = link.text.collapsingHTMLWhitespace()
            withBuilder { $0.flushGlue() }
        case .table:
            if flattenedTables > 0 {
                flattenedTables -= 1
                withBuilder { $0.blankLine() }
            } else {
                closeTable()
            }
        case .row:
            if isInGrid { tables[tables.count - 1].endRow() }
        case .cell(let header):
            guard isInGrid, builders.count > 1 else { break }
            var cell = builders.removeLast()
            let lines = cell.finish()
            tables[tables.count - 1].add(cell: lines, isHeader: header)
        case .caption:
            guard builders.count > 1 else { break }
            var cell = builders.removeLast()
            let lines = cell.finish()
            if isInGrid { tables[tables.count - 1].caption += lines } else { withBuilder { $0.appendLines(lines) } }
        default:
            break
        }
        if let saved = savedIndents.last, saved.node == node {
            savedIndents.removeLast()
            indent = saved.indent
        }
    }

    /// True when table rows and cells go to a grid: a table is open and not one flattened.
    private var isInGrid: Bool {
        !tables.isEmpty && flattenedTables == 0
    }

    /// Lists and definition lists are blocks of their own, but not inside another list.
    private mutating func listBoundary() {
        if lists == 0 { withBuilder { $0.blankLine() } } else { withBuilder { $0.breakLine() } }
    }

    private mutating func indent(_ node: Int, by columns: Int) {
        savedIndents.append((node, indent))
        indent += columns
    }

    private static let bullets = ["*", "+", "o", "#", "@", "-"]

    private mutating func openListItem(_ node: Int, number: Int?) {
        withBuilder { $0.flushMarker(); $0.breakLine() }
        let marker = number.map { "\($0). " } ?? Self.bullets[max(lists - 1, 0) % Self.bullets.count] + " "
        indent(node, by: max(4, DisplayWidth.of(marker)))
        withBuilder { $0.marker = marker }
    }

    private mutating func closeHeading(_ level: Int) {
        withBuilder { $0.flushGlue(); $0.breakLine() }
        let start = headingStarts.popLast() ?? 0
        if level <= 2 {
            let lines = builders[builders.count - 1].lines
            let margin = indent
            let longest = lines[min(start, lines.count)...].map { DisplayWidth.of($0) - margin }.max() ?? 0
            if longest > 0 {
                withBuilder { $0.appendLines([String(repeating: level == 1 ? "=" : "-", count: longest)]) }
            }
        }
        withBuilder { $0.blankLine() }
    }

    static func mark(_ number: Int) -> String {
        String(DisplayWidth.linkMark) + "[\(number)]"
    }

    private mutating func closeTable() {
        guard var table = tables.popLast() else { return }
        table.endRow()
        let lines = table.layout(width: max(available, 10))
        withBuilder {
            $0.blankLine()
            $0.appendLines(lines)
            $0.blankLine()
        }
    }

    /// A field where it stands, numbered when it is in a form (hidden ones in their form alone).
    /// Controls outside any form are shown but not numbered: there is nothing to submit them to.
    private mutating func addField(_ field: FormField, place: (form: Int, field: Int)?) {
        guard field.kind != .hidden else { return }
        var number: Int?
        if let place {
            number = anchors.count + 1
            anchors.append(PageAnchor(number: anchors.count + 1, kind: .field(form: place.form, field: place.field), text: field.name))
        }
        let text = field.shown.replacingOccurrences(of: " ", with: "\u{A0}")
        withBuilder {
            if let number { $0.glue(Self.mark(number)) }
            $0.word(Substring(text))
        }
    }

    // MARK: - The result

    /// The page, with the walk's forms, each field numbered as it is shown.
    mutating func finish(title: String?, refresh: RenderedPage.Refresh?, forms: [PageForm]) -> RenderedPage {
        var forms = forms
        for anchor in anchors {
            if case .field(let form, let field) = anchor.kind { forms[form].fields[field].number = anchor.number }
        }
        while builders.count > 1 {
            var cell = builders.removeLast()
            let lines = cell.finish()
            withBuilder { $0.appendLines(lines) }
        }
        var lines = builders[0].finish()
        var fragments: [String: Int] = [:]
        var nextFragment = 0
        // The marks are U+E000 and U+E001 (EE 80 80, EE 80 81 in UTF-8) and the no-break
        // space (C2 A0): lines are cleaned byte by byte, and measured only up to each link mark.
        for index in lines.indices where lines[index].utf8.contains(0xEE) || lines[index].utf8.contains(0xC2) {
            let bytes = Array(lines[index].utf8)
            var cleaned: [UInt8] = []
            cleaned.reserveCapacity(bytes.count)
            var column = 0
            var measured = 0
            var pendingLink: Int?
            var digits = 0
            var position = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0xEE, position + 2 < bytes.count, bytes[position + 1] == 0x80, bytes[position + 2] & 0xFE == 0x80 {
                    if bytes[position + 2] == 0x80 {
                        pendingLink = 0
                        digits = 0
                    } else if nextFragment < fragmentIDs.count {
                        if fragments[fragmentIDs[nextFragment]] == nil { fragments[fragmentIDs[nextFragment]] = index }
                        nextFragment += 1
                    }
                    position += 3
                    continue
                }
                if byte == 0xC2, position + 1 < bytes.count, bytes[position + 1] == 0xA0 {
                    cleaned.append(0x20)
                    position += 2
                    continue
                }
                if let number = pendingLink {
                    if (0x30...0x39).contains(byte) {
                        pendingLink = number &* 10 &+ Int(byte - 0x30)
                        digits += 1
                    } else if byte == UInt8(ascii: "]") {
                        column += DisplayWidth.of(utf8: cleaned[measured...])
                        measured = cleaned.count
                        if anchors.indices.contains(number - 1) {
                            anchors[number - 1].line = index
                            anchors[number - 1].column = column - digits - 1
                        }
                        pendingLink = nil
                    }
                }
                cleaned.append(byte)
                position += 1
            }
            lines[index] = String(decoding: cleaned, as: UTF8.self)
        }
        return RenderedPage(title: title, lines: lines, anchors: anchors, forms: forms, fragments: fragments, baseURL: baseURL, refresh: refresh)
    }
}
