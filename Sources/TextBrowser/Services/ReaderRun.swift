import Foundation

/// One reader layout of one document: the walk, the paragraph being gathered, and the open
/// containers, each with the element that opened it (or none, for a row or cell opened because
/// a table held text outside one).
struct ReaderRun: DocumentWalker {
    private let document: HTMLDocument
    private let url: URL
    private let base: URLResolver.Base
    private let width: Int
    private var blocks: [ReaderBlock] = []
    /// Where the rest of the page begins, after its main content.
    private var restStart: Int?
    private var forms: [PageForm] = []
    private var openForms: [(form: Int, node: Int)] = []
    private var containers: [(container: ReaderBlock.Container, owner: Int)] = []
    /// The paragraph (or heading, or `pre`) being gathered.
    private var inlines: [ReaderInline] = []
    /// Whether the paragraph has anything to show: anchors, hidden fields and breaks alone do not.
    private var shows = false
    private var pendingSpace = false
    private var heading: (level: Int, node: Int)?
    private var preformatted = 0
    private var startOfPre = false
    private var strong = 0
    private var emphasis = 0
    private var code = 0
    /// The link being gathered: its target, its text so far, and whether part of it is out already.
    private var link: (node: Int, target: ReaderInline.Target, text: String, shown: Bool)?

    init(document: HTMLDocument, url: URL, baseURL: URL, width: Int) {
        self.document = document
        self.url = url
        base = URLResolver.Base(baseURL)
        self.width = width
    }

    // MARK: - The walk

    /// The page's own content first, as a reader view shows it, then the rest of the page (its
    /// menus, header and footer) after it.
    mutating func walk() {
        let document = document
        guard let main = document.mainContent else {
            document.walk(&self)
            return
        }
        document.walk(&self, from: main)
        endPart()
        restStart = blocks.count
        document.walk(&self, skipping: main)
    }

    mutating func finish() -> ReaderPage {
        endPart()
        return ReaderPage(title: document.title, blocks: blocks, forms: forms, url: url, isTruncated: document.isTruncated,
                          restStart: restStart == blocks.count ? nil : restStart)
    }

    /// Ends what is open: the link, the paragraph and the containers.
    private mutating func endPart() {
        endLink()
        flush()
        if !inlines.isEmpty { emit(.paragraph(inlines)) }
        inlines = []
        shows = false
        while let open = containers.popLast() { blocks.append(.close(open.container)) }
    }

    // MARK: - Elements

    /// Starts the element at `node`; false when its content has been dealt with. Its `id` lands
    /// where its content starts: after the paragraph before it has ended.
    mutating func open(_ tag: HTMLTag, node: Int) -> Bool {
        let walksContent = openElement(tag, node: node)
        if let id = document.attribute("id", of: node) ?? (tag == .a ? document.attribute("name", of: node) : nil), !id.isEmpty {
            inlines.append(.anchor(id))
        }
        return walksContent
    }

    private mutating func openElement(_ tag: HTMLTag, node: Int) -> Bool {
        switch tag {
        case .p, .div, .section, .article, .header, .footer, .nav, .aside, .main, .address, .figure, .figcaption, .fieldset, .legend,
             .details, .summary, .center, .hgroup, .search, .noscript, .body, .html, .caption, .form:
            flush()
            if tag == .form { openForm(node) }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            flush()
            if heading == nil { heading = (Int(tag.rawValue.dropFirst()) ?? 1, node) }
        case .pre, .listing, .xmp, .plaintext:
            flush()
            preformatted += 1
            startOfPre = true
        case .ul, .ol, .menu, .dir:
            let reversed = document.hasAttribute("reversed", of: node)
            let start = Int(document.attribute("start", of: node)?.trimmingCharacters(in: .whitespaces) ?? "") ?? 1
            openNesting(.list(ordered: tag == .ol && !reversed, start: start), node: node)
        case .li:
            openChild(.item, of: { if case .list = $0 { true } else { false } }, node: node)
        case .blockquote:
            openNesting(.quote, node: node)
        case .dl:
            openNesting(.definitions, node: node)
        case .dt:
            openChild(.term, of: { $0 == .definitions }, node: node)
        case .dd:
            openChild(.definition, of: { $0 == .definitions }, node: node)
        case .table:
            openNesting(.table, node: node)
        case .tr:
            openChild(.row, of: { $0 == .table }, node: node)
        case .td, .th:
            flush()
            closeImplicit { if case .cell = $0 { true } else { false } }
            if containers.last?.container == .table { openContainer(.row, owner: -1) }
            if containers.last?.container == .row { openContainer(.cell(header: tag == .th), owner: node) }
        case .hr:
            flush()
            emit(.rule)
        case .br:
            if link != nil {
                pendingSpace = true
            } else if shows {
                inlines.append(.lineBreak)
                pendingSpace = false
            }
        case .img:
            image(node)
        case .a:
            openLink(node)
        case .input:
            show(FormControls.input(node, in: document, width: width))
        case .select:
            addField(FormControls.select(node, in: document))
            return false
        case .textarea:
            addField(FormControls.textarea(node, in: document, width: width))
            return false
        case .button:
            show(FormControls.button(node, in: document))
            return false
        case .other:
            style(node, by: 1)
        default:
            break
        }
        return true
    }

    mutating func close(_ tag: HTMLTag, node: Int) {
        switch tag {
        case .a:
            if link?.node == node { endLink() }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if heading?.node == node {
                flush()
                heading = nil
            }
        case .pre, .listing, .xmp, .plaintext:
            flush()
            preformatted -= 1
        case .other:
            style(node, by: -1)
        case .form:
            flush()
            if openForms.last?.node == node { openForms.removeLast() }
        case .br, .img, .input, .select, .textarea, .button:
            break
        default:
            flush()
        }
        guard let index = containers.lastIndex(where: { $0.owner == node }) else { return }
        flush()
        while containers.count > index { blocks.append(.close(containers.removeLast().container)) }
    }

    /// `<strong>`, `<em>`, `<code>` and their kin, which HTMLTag leaves as `other`.
    private mutating func style(_ node: Int, by step: Int) {
        switch document.names[Int(document.nodes[node].name)] {
        case "strong", "b": strong += step
        case "em", "i", "cite", "var", "dfn": emphasis += step
        case "code", "kbd", "samp", "tt": code += step
        default: break
        }
    }

    private var currentStyle: ReaderInline.Style {
        code > 0 ? .code : strong > 0 ? .strong : emphasis > 0 ? .emphasis : .plain
    }

    // MARK: - Containers

    /// A list, quote, definition list or table, unless as many are open as the reader nests.
    private mutating func openNesting(_ container: ReaderBlock.Container, node: Int) {
        flush()
        prepareForBlock()
        guard containers.count < ReaderLayout.maximumNesting else { return }
        openContainer(container, owner: node)
    }

    /// An item, term, definition or row: opened only in the container it belongs to, after
    /// closing whatever the one before it left open.
    private mutating func openChild(_ container: ReaderBlock.Container, of parent: (ReaderBlock.Container) -> Bool, node: Int) {
        flush()
        closeImplicit { !parent($0) }
        if let top = containers.last?.container, parent(top) { openContainer(container, owner: node) }
    }

    /// Closes the containers opened without an element of their own while `shouldClose` holds.
    private mutating func closeImplicit(while shouldClose: (ReaderBlock.Container) -> Bool) {
        while let top = containers.last, top.owner < 0, shouldClose(top.container) {
            blocks.append(.close(containers.removeLast().container))
        }
    }

    private mutating func openContainer(_ container: ReaderBlock.Container, owner: Int) {
        containers.append((container, owner))
        blocks.append(.open(container))
    }

    /// Makes room for a block: text in a table, a row or a list, outside any cell or item,
    /// goes into one opened for it, as browsers move it.
    private mutating func prepareForBlock() {
        switch containers.last?.container {
        case .table:
            openContainer(.row, owner: -1)
            openContainer(.cell(header: false), owner: -1)
        case .row:
            openContainer(.cell(header: false), owner: -1)
        case .list:
            openContainer(.item, owner: -1)
        case .definitions:
            openContainer(.definition, owner: -1)
        default:
            break
        }
    }

    private mutating func emit(_ block: ReaderBlock) {
        prepareForBlock()
        blocks.append(block)
    }

    // MARK: - Text

    mutating func addText(_ text: String) {
        if preformatted > 0 {
            var text = Substring(text)
            if startOfPre, text.first == "\n" { text = text.dropFirst() }
            startOfPre = false
            append(String(text))
            return
        }
        let leading = text.first.map(Self.isSpace) ?? false
        let trailing = text.last.map(Self.isSpace) ?? false
        let words = text.collapsingHTMLWhitespace()
        if leading { pendingSpace = true }
        guard !words.isEmpty else { return }
        append(words)
        pendingSpace = trailing
    }

    private static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\n" || character == "\t" || character == "\r" || character == "\u{0C}"
    }

    /// Adds text to the open link, or to the paragraph in the current style, after the space owed.
    private mutating func append(_ text: String) {
        if link != nil {
            if pendingSpace, !(link?.text.isEmpty ?? true) { link?.text += " " }
            pendingSpace = false
            link?.text += text
            return
        }
        let space = pendingSpace && shows && inlines.last != .lineBreak
        pendingSpace = false
        shows = true
        let style = currentStyle
        if case .text(let previous, let previousStyle)? = inlines.last, previousStyle == style {
            inlines[inlines.count - 1] = .text(previous + (space ? " " : "") + text, style)
        } else if space, style == .plain, !endsInPlainText {
            inlines.append(.text(" " + text, .plain))
        } else {
            if space { appendSpace() }
            inlines.append(.text(text, style))
        }
    }

    private var endsInPlainText: Bool {
        if case .text(_, .plain)? = inlines.last { true } else { false }
    }

    /// The space owed before something that is not text: on the plain text before it when there is some.
    private mutating func appendSpace() {
        if case .text(let previous, .plain)? = inlines.last {
            inlines[inlines.count - 1] = .text(previous + " ", .plain)
        } else {
            inlines.append(.text(" ", .plain))
        }
    }

    /// Ends the paragraph being gathered as a block of its kind. A paragraph with nothing to
    /// show is kept for the next, so that its anchors still land somewhere.
    private mutating func flush() {
        if let open = link, !open.text.isEmpty {
            let trimmed = open.text.trimmingCharacters(in: .whitespaces)
            inlines.append(.link(trimmed, open.target))
            link?.text = ""
            link?.shown = true
            shows = true
        }
        pendingSpace = false
        guard shows else { return }
        if preformatted > 0 {
            emit(.preformatted(inlines))
        } else {
            trimTrailingSpace()
            if let heading { emit(.heading(level: heading.level, inlines)) } else { emit(.paragraph(inlines)) }
        }
        inlines = []
        shows = false
    }

    private mutating func trimTrailingSpace() {
        while inlines.last == .lineBreak { inlines.removeLast() }
        guard case .text(let text, let style)? = inlines.last, text.last == " " else { return }
        let trimmed = String(text.dropLast())
        if trimmed.isEmpty { inlines.removeLast() } else { inlines[inlines.count - 1] = .text(trimmed, style) }
    }

    // MARK: - Links and images

    private mutating func openLink(_ node: Int) {
        guard link == nil, let href = document.attribute("href", of: node) else { return }
        if pendingSpace, shows { appendSpace() }
        pendingSpace = false
        link = (node, target(of: href), "", false)
    }

    private mutating func endLink() {
        guard let open = link else { return }
        link = nil
        let text = open.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty || !open.shown else { return }
        inlines.append(.link(text.isEmpty ? "[link]" : text, open.target))
        shows = true
    }

    private func target(of href: String) -> ReaderInline.Target {
        guard let text = URLResolver.target(of: href, against: base), let target = URL(string: text) else { return .unusable }
        switch target.scheme?.lowercased() {
        case "http", "https":
            if let fragment = target.fragment, target.removingFragment == url.removingFragment {
                return .fragment(fragment.removingPercentEncoding ?? fragment)
            }
            return .web(target)
        case "mailto":
            return .mail(target)
        default:
            return .unusable
        }
    }

    private mutating func image(_ node: Int) {
        let alt = document.attribute("alt", of: node)?.collapsingHTMLWhitespace() ?? ""
        if link != nil {
            if !alt.isEmpty { append("[" + alt + "]") }
            return
        }
        let source = document.attribute("src", of: node).flatMap { URLResolver.target(of: $0, against: base) }.flatMap(URL.init(string:))
        let web = source.flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
        guard !alt.isEmpty || web != nil else { return }
        if pendingSpace, shows { appendSpace() }
        pendingSpace = false
        inlines.append(.image(alt: alt.isEmpty ? "image" : alt, source: web))
        shows = true
    }

    // MARK: - Forms

    private mutating func openForm(_ node: Int) {
        let action = document.attribute("action", of: node).flatMap { URLResolver.resolve($0, against: base.url) } ?? base.url
        let method: PageForm.Method = document.attribute("method", of: node)?.lowercased() == "post" ? .post : .get
        forms.append(PageForm(action: action, method: method))
        openForms.append((forms.count - 1, node))
    }

    private mutating func show(_ control: FormControls.Control) {
        switch control {
        case .field(let field): addField(field)
        case .inert(let label): append("[" + label + "]")
        }
    }

    /// A field of the innermost open form, where it stands; outside a form, its label alone.
    private mutating func addField(_ field: FormField) {
        guard let form = openForms.last?.form else {
            if field.kind != .hidden { append(field.shown) }
            return
        }
        forms[form].fields.append(field)
        guard link == nil else { return }
        if field.kind != .hidden {
            if pendingSpace, shows { appendSpace() }
            pendingSpace = false
            shows = true
        }
        inlines.append(.field(form: form, field: forms[form].fields.count - 1))
    }
}
