import Foundation

/// One layout of one document: the walk over the tree and the state it keeps (open lists,
/// tables, links and forms). `TextLayout` makes one per page.
struct LayoutRun: DocumentWalker {
    let document: HTMLDocument
    let width: Int
    let baseURL: URL
    private let base: URLResolver.Base
    /// The builder text goes to: the page's, or a table cell's while one is open.
    private var builders: [LineBuilder]
    private var anchors: [PageAnchor] = []
    private var forms: [PageForm] = []
    private var openForms: [Int] = []
    private var lists: [(ordered: Bool, next: Int, step: Int)] = []
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
    private var startOfPre = false

    init(document: HTMLDocument, width: Int, baseURL: URL) {
        self.document = document
        self.width = width
        self.baseURL = baseURL
        base = URLResolver.Base(baseURL)
        builders = [LineBuilder(width: width)]
    }

    // MARK: - The walk

    mutating func walk() {
        headLinks()
        let document = document
        document.walk(&self)
    }

    /// Relations `<link>` elements name in the head (next, previous, index, search, …), shown as
    /// lynx shows them: one line of numbered links at the top, after a `#`.
    private mutating func headLinks() {
        let shown: Set<String> = ["index", "search", "copyright", "next", "prev", "previous", "contents", "toc", "start", "first", "last",
                                  "up", "help", "glossary", "chapter", "section", "subsection", "appendix", "bookmark", "alternate", "home"]
        var first = true
        for (_, element) in document.elements(.link) {
            guard let href = element[attribute: "href"], let rel = element[attribute: "rel"]?.lowercased(),
                  let relation = rel.split(separator: " ").first(where: { shown.contains(String($0)) }) else { continue }
            if rel.contains("stylesheet") || rel.contains("icon") { continue }
            let title = element[attribute: "title"].map(Self.collapsed).flatMap { $0.isEmpty ? nil : $0 } ?? relation.capitalized
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

    mutating func addText(_ text: String) {
        if !openLinks.isEmpty { openLinks[openLinks.count - 1].text += text }
        if preformatted > 0 {
            var text = Substring(text)
            if startOfPre, text.first == "\n" { text = text.dropFirst() }
            startOfPre = false
            withBuilder { $0.preformatted(String(text)) }
        } else {
            withBuilder { $0.text(text) }
        }
    }

    // MARK: - Elements

    /// The value of the element's attribute `name`, or nil.
    private func attribute(_ name: String, of node: Int) -> String? {
        document.attribute(name, of: node)
    }

    /// Starts the element at `node`; false when its content has been dealt with and must not be walked.
    mutating func open(_ tag: HTMLTag, node: Int) -> Bool {
        if let id = attribute("id", of: node) ?? (tag == .a ? attribute("name", of: node) : nil), !id.isEmpty {
            fragmentIDs.append(id)
            withBuilder { $0.glue(String(DisplayWidth.fragmentMark)) }
        }
        if tag == .form { openForm(node) }
        switch tag {
        case .p, .address, .figure, .fieldset, .details, .center:
            withBuilder { $0.blankLine() }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            withBuilder { $0.blankLine() }
            withBuilder { $0.breakLine() }
            headingStarts.append(builders[builders.count - 1].lines.count)
        case .div, .section, .article, .header, .footer, .nav, .aside, .main, .form, .legend, .summary,
             .figcaption, .body, .html, .noscript, .hgroup, .search, .optgroup:
            withBuilder { $0.breakLine() }
        case .blockquote:
            withBuilder { $0.blankLine() }
            indent(node, by: 4)
        case .pre, .listing, .xmp, .plaintext:
            withBuilder { $0.blankLine() }
            preformatted += 1
            startOfPre = true
        case .ul, .ol, .menu, .dir:
            listBoundary()
            let reversed = document.hasAttribute("reversed", of: node)
            lists.append((tag == .ol, Int(attribute("start", of: node) ?? "") ?? 1, reversed ? -1 : 1))
        case .li:
            openListItem(node)
        case .dl:
            listBoundary()
        case .dt:
            withBuilder { $0.breakLine() }
        case .dd:
            withBuilder { $0.breakLine() }
            indent(node, by: 4)
        case .br:
            withBuilder { $0.forcedBreak() }
        case .hr:
            let rule = String(repeating: "─", count: max(available, 1))
            withBuilder { $0.appendLines([rule]) }
        case .img:
            image(node)
        case .a:
            link(node)
        case .table:
            withBuilder { $0.blankLine() }
            if flattenedTables > 0 || tables.count >= Self.maximumTableNesting {
                flattenedTables += 1
            } else {
                tables.append(TableGrid())
            }
        case .tr:
            if isInGrid { tables[tables.count - 1].endRow() } else { withBuilder { $0.breakLine() } }
        case .td, .th:
            if !isInGrid {
                withBuilder { $0.breakLine() }
            } else {
                builders.append(LineBuilder(width: nil))
            }
        case .caption:
            builders.append(LineBuilder(width: nil))
        case .input:
            input(node)
        case .select:
            select(node)
            return false
        case .textarea:
            textarea(node)
            return false
        case .button:
            button(node)
            return false
        default:
            break
        }
        return true
    }

    mutating func close(_ tag: HTMLTag, node: Int) {
        switch tag {
        case .p, .address, .figure, .fieldset, .details, .center:
            withBuilder { $0.blankLine() }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closeHeading(tag)
        case .blockquote:
            withBuilder { $0.blankLine() }
        case .pre, .listing, .xmp, .plaintext:
            preformatted -= 1
            withBuilder { $0.blankLine() }
        case .ul, .ol, .menu, .dir:
            lists.removeLast()
            listBoundary()
        case .li:
            withBuilder { $0.flushMarker(); $0.breakLine() }
        case .dl:
            listBoundary()
        case .div, .section, .article, .header, .footer, .nav, .aside, .main, .form, .legend, .summary,
             .figcaption, .noscript, .hgroup, .search, .dt, .dd, .optgroup:
            withBuilder { $0.breakLine() }
        case .a:
            guard document.hasAttribute("href", of: node), let link = openLinks.popLast() else { break }
            anchors[link.number - 1].text = Self.collapsed(link.text)
            withBuilder { $0.flushGlue() }
        case .table:
            if flattenedTables > 0 {
                flattenedTables -= 1
                withBuilder { $0.blankLine() }
            } else {
                closeTable()
            }
        case .tr:
            if isInGrid { tables[tables.count - 1].endRow() }
        case .td, .th:
            guard isInGrid, builders.count > 1 else { break }
            var cell = builders.removeLast()
            let lines = cell.finish()
            tables[tables.count - 1].add(cell: lines, isHeader: tag == .th)
        case .caption:
            guard builders.count > 1 else { break }
            var cell = builders.removeLast()
            let lines = cell.finish()
            if isInGrid { tables[tables.count - 1].caption += lines } else { withBuilder { $0.appendLines(lines) } }
        default:
            break
        }
        if tag == .form, !openForms.isEmpty { openForms.removeLast() }
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
        if lists.isEmpty { withBuilder { $0.blankLine() } } else { withBuilder { $0.breakLine() } }
    }

    private mutating func indent(_ node: Int, by columns: Int) {
        savedIndents.append((node, indent))
        indent += columns
    }

    private static let bullets = ["*", "+", "o", "#", "@", "-"]

    private mutating func openListItem(_ node: Int) {
        withBuilder { $0.flushMarker(); $0.breakLine() }
        let marker: String
        if var list = lists.popLast() {
            if let value = attribute("value", of: node).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) { list.next = value }
            marker = list.ordered ? "\(list.next). " : Self.bullets[(lists.count) % Self.bullets.count] + " "
            list.next += list.step
            lists.append(list)
        } else {
            marker = "* "
        }
        indent(node, by: max(4, DisplayWidth.of(marker)))
        withBuilder { $0.marker = marker }
    }

    private mutating func closeHeading(_ tag: HTMLTag) {
        withBuilder { $0.flushGlue(); $0.breakLine() }
        let start = headingStarts.popLast() ?? 0
        if tag == .h1 || tag == .h2 {
            let lines = builders[builders.count - 1].lines
            let margin = indent
            let longest = lines[min(start, lines.count)...].map { DisplayWidth.of($0) - margin }.max() ?? 0
            if longest > 0 {
                withBuilder { $0.appendLines([String(repeating: tag == .h1 ? "=" : "-", count: longest)]) }
            }
        }
        withBuilder { $0.blankLine() }
    }

    private mutating func link(_ node: Int) {
        guard let href = attribute("href", of: node) else { return }
        let number = anchors.count + 1
        anchors.append(PageAnchor(number: number, kind: .link(href: href, target: URLResolver.target(of: href, against: base)), text: ""))
        openLinks.append((number, ""))
        withBuilder { $0.glue(Self.mark(number)) }
    }

    static func mark(_ number: Int) -> String {
        String(DisplayWidth.linkMark) + "[\(number)]"
    }

    private mutating func image(_ node: Int) {
        let alt = attribute("alt", of: node).map(Self.collapsed)
        if let alt, !alt.isEmpty {
            addText(" [" + alt + "] ")
        } else if alt == nil, !openLinks.isEmpty {
            addText("[image]")
        }
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

    static func collapsed(_ text: String) -> String {
        text.collapsingHTMLWhitespace()
    }

    // MARK: - Forms

    private mutating func input(_ node: Int) {
        show(FormControls.input(node, in: document, width: width))
    }

    private mutating func select(_ node: Int) {
        addField(FormControls.select(node, in: document), shown: true)
    }

    private mutating func textarea(_ node: Int) {
        addField(FormControls.textarea(node, in: document, width: width), shown: true)
    }

    private mutating func button(_ node: Int) {
        show(FormControls.button(node, in: document))
    }

    /// A field where it stands (hidden ones in their form alone), or an inert control's label.
    private mutating func show(_ control: FormControls.Control) {
        switch control {
        case .field(let field):
            addField(field, shown: field.kind != .hidden)
        case .inert(let label):
            withBuilder { $0.word(Substring("[" + label.replacingOccurrences(of: " ", with: "\u{A0}") + "]")) }
        }
    }

    /// Adds a field to the form it is in, numbers it when it shows, and puts it on the page.
    private mutating func addField(_ field: FormField, shown: Bool) {
        var field = field
        var number: Int?
        // The form a control belongs to is the innermost open `<form>`. Controls outside any
        // form are shown but not numbered: there is nothing to submit them to.
        if let form = openForms.last {
            if shown {
                number = anchors.count + 1
                field.number = number
            }
            forms[form].fields.append(field)
            if let number {
                anchors.append(PageAnchor(number: number, kind: .field(form: form, field: forms[form].fields.count - 1), text: field.name))
            }
        }
        guard shown else { return }
        let text = field.shown.replacingOccurrences(of: " ", with: "\u{A0}")
        withBuilder {
            if let number { $0.glue(Self.mark(number)) }
            $0.word(Substring(text))
        }
    }

    private mutating func openForm(_ node: Int) {
        let action = attribute("action", of: node).flatMap { URLResolver.resolve($0, against: baseURL) } ?? baseURL
        let method: PageForm.Method = attribute("method", of: node)?.lowercased() == "post" ? .post : .get
        forms.append(PageForm(action: action, method: method))
        openForms.append(forms.count - 1)
    }

    // MARK: - The result

    mutating func finish(title: String?, refresh: RenderedPage.Refresh?) -> RenderedPage {
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
