import Foundation

/// What `PageWalk` gives a page's elements and text to, in document order: each view of a
/// page (the terminal's lines, the web reader's blocks) is one. `close` gets what `open` got.
protocol WalkLayout {
    mutating func open(_ element: PageElement, node: Int, id: String?)
    mutating func close(_ element: PageElement, node: Int)
    /// Text as the page has it; `preformatted` inside `pre`, where it is kept as written.
    mutating func text(_ text: String, preformatted: Bool)
}

/// The one walk over a page for both of VessBrowser's views: it reads each element for what it
/// is (a heading, a list item and its number, a link and its target, a form field and its form)
/// and gives it to a `WalkLayout`, which lays it out. The page's forms are gathered here.
struct PageWalk<Layout: WalkLayout> {
    let document: HTMLDocument
    let base: URLResolver.Base
    /// Bounds the size of text fields, as the terminal's width does.
    let width: Int
    var layout: Layout
    private(set) var forms: [PageForm] = []
    private var openForms: [(form: Int, node: Int)] = []
    private var lists: [(ordered: Bool, next: Int, step: Int)] = []
    /// The elements open, each as `open` was given it, for `close`.
    private var opened: [PageElement] = []
    private var preformatted = 0
    private var startOfPre = false

    init(document: HTMLDocument, base: URL, width: Int, layout: Layout) {
        self.document = document
        self.base = URLResolver.Base(base)
        self.width = width
        self.layout = layout
    }

    /// Walks the page (or the element `root` alone, leaving out the elements `skipping`) in
    /// document order without recursion, so that the depth of the markup costs heap, not stack:
    /// its text, and its elements that are neither skipped (scripts, styles) nor hidden.
    mutating func walk(from root: Int = 0, skipping skipped: Set<Int> = []) {
        let document = document
        var stack: [(node: Int, closing: Bool)] = []
        func push(childrenOf node: Int) {
            let start = stack.count
            for child in document.children(of: node) { stack.append((child, false)) }
            stack[start...].reverse()
        }
        if root == 0 { push(childrenOf: 0) } else { stack.append((root, false)) }
        while let (node, closing) = stack.popLast() {
            let current = document.nodes[node]
            if closing {
                if let tag = current.tag { close(tag, node: node) }
            } else if current.kind == .text {
                if let text = document.text(at: node) { addText(text) }
            } else if current.kind == .element, !skipped.contains(node), let tag = current.tag, !tag.isSkipped, !document.isHidden(node),
                      open(tag, node: node) {
                stack.append((node, true))
                push(childrenOf: node)
            }
        }
    }

    private mutating func addText(_ text: String) {
        guard preformatted > 0 else { return layout.text(text, preformatted: false) }
        var text = Substring(text)
        if startOfPre, text.first == "\n" { text = text.dropFirst() }
        startOfPre = false
        layout.text(String(text), preformatted: true)
    }

    /// Starts the element at `node`; false when its content has been dealt with and must not be walked.
    private mutating func open(_ tag: HTMLTag, node: Int) -> Bool {
        let element = element(tag, node: node)
        let id = document.attribute("id", of: node) ?? (tag == .a ? document.attribute("name", of: node) : nil)
        layout.open(element, node: node, id: id?.isEmpty == false ? id : nil)
        switch tag {
        case .pre, .listing, .xmp, .plaintext:
            preformatted += 1
            startOfPre = true
        case .select, .textarea, .button:
            return false
        default:
            break
        }
        opened.append(element)
        return true
    }

    private mutating func close(_ tag: HTMLTag, node: Int) {
        guard let element = opened.popLast() else { return }
        layout.close(element, node: node)
        switch element {
        case .preformatted: preformatted -= 1
        case .list: lists.removeLast()
        default: break
        }
        if tag == .form, openForms.last?.node == node { openForms.removeLast() }
    }

    // MARK: - Elements

    private mutating func element(_ tag: HTMLTag, node: Int) -> PageElement {
        switch tag {
        case .p, .address, .figure, .fieldset, .details, .center:
            return .paragraph
        case .div, .section, .article, .header, .footer, .nav, .aside, .main, .legend, .summary, .figcaption, .noscript, .hgroup,
             .search, .optgroup, .body, .html:
            return .division
        case .form:
            openForm(node)
            return .division
        case .h1, .h2, .h3, .h4, .h5, .h6:
            return .heading(level: Int(tag.rawValue.dropFirst()) ?? 1)
        case .blockquote:
            return .quote
        case .pre, .listing, .xmp, .plaintext:
            return .preformatted
        case .ul, .ol, .menu, .dir:
            let start = Int(attribute("start", of: node)?.trimmingCharacters(in: .whitespaces) ?? "") ?? 1
            let reversed = document.hasAttribute("reversed", of: node)
            lists.append((tag == .ol, start, reversed ? -1 : 1))
            return .list(ordered: tag == .ol, start: start, reversed: reversed)
        case .li:
            return .item(number: nextNumber(node))
        case .dl: return .definitions
        case .dt: return .term
        case .dd: return .definition
        case .table: return .table
        case .tr: return .row
        case .td, .th: return .cell(header: tag == .th)
        case .caption: return .caption
        case .br: return .lineBreak
        case .hr: return .rule
        case .a:
            guard let href = attribute("href", of: node) else { return .inline(nil) }
            return .link(href: href, target: URLResolver.target(of: href, against: base))
        case .img:
            return .image(alt: attribute("alt", of: node)?.collapsingHTMLWhitespace(),
                          source: attribute("src", of: node).flatMap { URLResolver.target(of: $0, against: base) })
        case .input:
            return control(FormControls.input(node, in: document, width: width))
        case .select:
            return control(.field(FormControls.select(node, in: document), place: nil))
        case .textarea:
            return control(.field(FormControls.textarea(node, in: document, width: width), place: nil))
        case .button:
            return control(FormControls.button(node, in: document))
        case .other:
            switch document.names[Int(document.nodes[node].name)] {
            case "strong", "b": return .inline(.strong)
            case "em", "i", "cite", "var", "dfn": return .inline(.emphasis)
            case "code", "kbd", "samp", "tt": return .inline(.code)
            default: return .inline(nil)
            }
        default:
            return .other
        }
    }

    private func attribute(_ name: String, of node: Int) -> String? {
        document.attribute(name, of: node)
    }

    /// The number of a list item of an ordered list: the one after the item before, or its `value`.
    private mutating func nextNumber(_ node: Int) -> Int? {
        guard var list = lists.popLast() else { return nil }
        if let value = attribute("value", of: node).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) { list.next = value }
        let number = list.next
        list.next += list.step
        lists.append(list)
        return list.ordered ? number : nil
    }

    // MARK: - Forms

    private mutating func openForm(_ node: Int) {
        let action = attribute("action", of: node).flatMap { URLResolver.resolve($0, against: base.url) } ?? base.url
        let method: PageForm.Method = attribute("method", of: node)?.lowercased() == "post" ? .post : .get
        forms.append(PageForm(action: action, method: method))
        openForms.append((forms.count - 1, node))
    }

    /// A field, added to the innermost open form; an inert control as its label.
    private mutating func control(_ control: PageElement) -> PageElement {
        guard case .field(let field, _) = control, let form = openForms.last?.form else { return control }
        forms[form].fields.append(field)
        return .field(field, place: (form, forms[form].fields.count - 1))
    }
}
