import Foundation

/// The web reader's layout of one page: the blocks `PageWalk`'s elements make, the paragraph
/// being gathered, and the open containers, each with the element that opened it (or none, for
/// a row or cell opened because a table held text outside one).
struct ReaderRun: WalkLayout {
    private let url: URL
    private var blocks: [ReaderBlock] = []
    /// Where the rest of the page begins, after its main content.
    private var restStart: Int?
    private var containers: [(container: ReaderBlock.Container, owner: Int)] = []
    /// The paragraph (or heading, or `pre`) being gathered.
    private var inlines: [ReaderInline] = []
    /// Whether the paragraph has anything to show: anchors, hidden fields and breaks alone do not.
    private var shows = false
    private var pendingSpace = false
    private var heading: (level: Int, node: Int)?
    private var preformatted = 0
    private var strong = 0
    private var emphasis = 0
    private var code = 0
    /// The link being gathered: its target, its text so far, and whether part of it is out already.
    private var link: (node: Int, target: ReaderInline.Target, text: String, shown: Bool)?

    init(url: URL) {
        self.url = url
    }

    /// Ends the page's main content: what follows is the rest of the page (its menus, header
    /// and footer), which a reader view shows after it.
    mutating func endMainContent() {
        endPart()
        restStart = blocks.count
    }

    mutating func finish(title: String?, forms: [PageForm], isTruncated: Bool) -> ReaderPage {
        endPart()
        return ReaderPage(title: title, blocks: blocks, forms: forms, url: url, isTruncated: isTruncated,
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

    /// Starts an element. Its `id` lands where its content starts: after the paragraph before it has ended.
    mutating func open(_ element: PageElement, node: Int, id: String?) {
        switch element {
        case .paragraph, .division, .caption:
            flush()
        case .heading(let level):
            flush()
            if heading == nil { heading = (level, node) }
        case .preformatted:
            flush()
            preformatted += 1
        case .list(let ordered, let start, let reversed):
            openNesting(.list(ordered: ordered && !reversed, start: start), node: node)
        case .item:
            openChild(.item, of: { if case .list = $0 { true } else { false } }, node: node)
        case .quote:
            openNesting(.quote, node: node)
        case .definitions:
            openNesting(.definitions, node: node)
        case .term:
            openChild(.term, of: { $0 == .definitions }, node: node)
        case .definition:
            openChild(.definition, of: { $0 == .definitions }, node: node)
        case .table:
            openNesting(.table, node: node)
        case .row:
            openChild(.row, of: { $0 == .table }, node: node)
        case .cell(let header):
            flush()
            closeImplicit { if case .cell = $0 { true } else { false } }
            if containers.last?.container == .table { openContainer(.row, owner: -1) }
            if containers.last?.container == .row { openContainer(.cell(header: header), owner: node) }
        case .rule:
            flush()
            emit(.rule)
        case .lineBreak:
            if link != nil {
                pendingSpace = true
            } else if shows {
                inlines.append(.lineBreak)
                pendingSpace = false
            }
        case .image(let alt, let source):
            image(alt: alt ?? "", source: source)
        case .link(_, let target):
            openLink(node, target: target)
        case .field(let field, let place):
            addField(field, place: place)
        case .inert(let label):
            append("[" + label + "]")
        case .inline(let style):
            self.style(style, by: 1)
        case .other:
            break
        }
        if let id { inlines.append(.anchor(id)) }
    }

    mutating func close(_ element: PageElement, node: Int) {
        switch element {
        case .link:
            if link?.node == node { endLink() }
        case .heading:
            if heading?.node == node {
                flush()
                heading = nil
            }
        case .preformatted:
            flush()
            preformatted -= 1
        case .inline(let style):
            self.style(style, by: -1)
        case .lineBreak, .image, .field, .inert:
            break
        default:
            flush()
        }
        guard let index = containers.lastIndex(where: { $0.owner == node }) else { return }
        flush()
        while containers.count > index { blocks.append(.close(containers.removeLast().container)) }
    }

    private mutating func style(_ style: ReaderInline.Style?, by step: Int) {
        switch style {
        case .strong: strong += step
        case .emphasis: emphasis += step
        case .code: code += step
        case .plain, nil: break
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
        guard containers.count < ReaderPage.maximumNesting else { return }
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

    mutating func text(_ text: String, preformatted: Bool) {
        if preformatted {
            append(text)
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

    private mutating func openLink(_ node: Int, target text: String?) {
        guard link == nil else { return }
        if pendingSpace, shows { appendSpace() }
        pendingSpace = false
        link = (node, target(of: text), "", false)
    }

    private mutating func endLink() {
        guard let open = link else { return }
        link = nil
        let text = open.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty || !open.shown else { return }
        // A heading's link to itself, which documentation generators add ("¶"), is not part of it.
        if heading != nil, case .fragment = open.target, Self.permalinkMarks.contains(text) {
            if let last = inlines.indices.last, case .text(let before, let style) = inlines[last], before.hasSuffix(" ") {
                inlines[last] = .text(String(before.dropLast()), style)
            }
            return
        }
        inlines.append(.link(text.isEmpty ? ReaderInline.wordlessLink : text, open.target))
        shows = true
    }

    /// What the link a heading has to itself says: Sphinx's and MkDocs' pilcrow, a section sign,
    /// a hash, a link sign, or nothing beside an icon.
    static let permalinkMarks: Set<String> = ["¶", "§", "#", "🔗", "", ReaderInline.wordlessLink]

    private func target(of text: String?) -> ReaderInline.Target {
        guard let text, let target = URL(string: text) else { return .unusable }
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

    private mutating func image(alt: String, source text: String?) {
        if link != nil {
            if !alt.isEmpty { append("[" + alt + "]") }
            return
        }
        let source = text.flatMap(URL.init(string:))
        let web = source.flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
        guard !alt.isEmpty || web != nil else { return }
        if pendingSpace, shows { appendSpace() }
        pendingSpace = false
        inlines.append(.image(alt: alt.isEmpty ? "image" : alt, source: web))
        shows = true
    }

    // MARK: - Forms

    /// A field of a form, where it stands; outside a form, its label alone.
    private mutating func addField(_ field: FormField, place: (form: Int, field: Int)?) {
        guard let place else {
            if field.kind != .hidden { append(field.shown) }
            return
        }
        guard link == nil else { return }
        if field.kind != .hidden {
            if pendingSpace, shows { appendSpace() }
            pendingSpace = false
            shows = true
        }
        inlines.append(.field(form: place.form, field: place.field))
    }
}
