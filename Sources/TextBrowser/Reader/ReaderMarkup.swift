import Foundation
import ListorKit

/// A `ReaderPage`'s blocks as HTML: every string from the page escaped, and nothing the page
/// would run. Where links go, what the page's `id`s become and whether its forms are kept are
/// the `Rules`: the web reader sends every link back through itself; an article's `html` (what
/// `--format json` and the read API give) keeps the page's own addresses.
public struct ReaderMarkup {
    public struct Rules: Sendable {
        /// The `href` of a link to another page (or a place in one).
        public var href: @Sendable (URL) -> String
        /// The `id` given to one of the page's `id`s (and the fragment that points at it).
        public var anchor: @Sendable (String) -> String
        /// The page's GET forms sent to `action`, with the form's own action as `url` and its
        /// fields named `fieldPrefix` + their name; nil leaves fields and forms out.
        public var forms: (action: String, fieldPrefix: String)?
        /// Images as links to them, which a reader does not load; otherwise `<img>`.
        public var imagesAsLinks: Bool
        /// How many levels down the page's headings go (1 where the view has its own `h1`).
        public var headingShift: Int

        public init(href: @escaping @Sendable (URL) -> String, anchor: @escaping @Sendable (String) -> String,
                    forms: (action: String, fieldPrefix: String)?, imagesAsLinks: Bool, headingShift: Int) {
            self.href = href
            self.anchor = anchor
            self.forms = forms
            self.imagesAsLinks = imagesAsLinks
            self.headingShift = headingShift
        }

        /// The page's own addresses and `id`s, no forms, images as `<img>`: an article to keep.
        public static let article = Rules(href: { $0.absoluteString }, anchor: { $0 }, forms: nil, imagesAsLinks: false, headingShift: 0)
    }

    public private(set) var output: [UInt8] = []
    private let page: ReaderPage
    private let rules: Rules
    private var notedForms: Set<Int> = []

    public init(page: ReaderPage, rules: Rules) {
        self.page = page
        self.rules = rules
        output.reserveCapacity(page.blocks.count * 80)
    }

    /// All of `page` by `rules`, as a string.
    public static func html(of page: ReaderPage, rules: Rules = .article) -> String {
        var markup = ReaderMarkup(page: page, rules: rules)
        markup.write(page.blocks)
        markup.writeForms()
        return String(decoding: markup.output, as: UTF8.self)
    }

    public mutating func write(_ blocks: some Sequence<ReaderBlock>) {
        for block in blocks { write(block) }
    }

    // MARK: - Blocks

    private mutating func write(_ block: ReaderBlock) {
        switch block {
        case .heading(let level, let inlines):
            let tag = "h\(min(level + rules.headingShift, 6))"
            raw("<\(tag)>")
            write(inlines)
            raw("</\(tag)>\n")
        case .paragraph(let inlines):
            raw("<p>")
            write(inlines)
            raw("</p>\n")
        case .preformatted(let inlines):
            raw("<pre>")
            write(inlines)
            raw("</pre>\n")
        case .rule:
            raw("<hr>\n")
        case .open(let container):
            raw(Self.opening(container))
        case .close(let container):
            raw(Self.closing(container))
        }
    }

    private static func opening(_ container: ReaderBlock.Container) -> String {
        switch container {
        case .list(let ordered, let start): ordered ? (start == 1 ? "<ol>" : "<ol start=\"\(start)\">") : "<ul>"
        case .item: "<li>"
        case .quote: "<blockquote>"
        case .table: "<div class=\"reader-table\"><table>"
        case .row: "<tr>"
        case .cell(let header): header ? "<th>" : "<td>"
        case .definitions: "<dl>"
        case .term: "<dt>"
        case .definition: "<dd>"
        }
    }

    private static func closing(_ container: ReaderBlock.Container) -> String {
        switch container {
        case .list(let ordered, _): ordered ? "</ol>\n" : "</ul>\n"
        case .item: "</li>\n"
        case .quote: "</blockquote>\n"
        case .table: "</table></div>\n"
        case .row: "</tr>\n"
        case .cell(let header): header ? "</th>" : "</td>"
        case .definitions: "</dl>\n"
        case .term: "</dt>"
        case .definition: "</dd>\n"
        }
    }

    // MARK: - Inlines

    private mutating func write(_ inlines: [ReaderInline]) {
        for inline in inlines { write(inline) }
    }

    private mutating func write(_ inline: ReaderInline) {
        switch inline {
        case .text(let content, let style):
            let tag: String? = switch style {
            case .plain: nil
            case .strong: "strong"
            case .emphasis: "em"
            case .code: "code"
            }
            if let tag { raw("<\(tag)>") }
            text(content)
            if let tag { raw("</\(tag)>") }
        case .link(let label, let target):
            switch target {
            case .web(let url): link(rules.href(url), label)
            case .fragment(let fragment): link("#" + rules.anchor(fragment), label)
            case .mail(let url): link(url.absoluteString, label)
            case .unusable:
                raw("<span class=\"dead-link\">")
                text(label)
                raw("</span>")
            }
        case .image(let alt, let source):
            if let source, !rules.imagesAsLinks {
                raw("<img src=\"")
                text(source.absoluteString)
                raw("\" alt=\"")
                text(alt)
                raw("\">")
            } else if let source {
                raw("<a class=\"image-link\" href=\"")
                text(source.absoluteString)
                raw("\">[")
                text(alt)
                raw("]</a>")
            } else {
                text("[" + alt + "]")
            }
        case .lineBreak:
            raw("<br>")
        case .anchor(let id):
            raw("<span id=\"")
            text(rules.anchor(id))
            raw("\"></span>")
        case .field(let form, let field):
            if let forms = rules.forms { write(field: page.forms[form].fields[field], form: form, prefix: forms.fieldPrefix) }
        }
    }

    private mutating func link(_ href: String, _ label: String) {
        raw("<a href=\"")
        text(href)
        raw("\">")
        text(label)
        raw("</a>")
    }

    // MARK: - Forms

    /// A field, sending through the reader when its form is sent by GET, disabled otherwise.
    private mutating func write(field: FormField, form: Int, prefix: String) {
        let sends = page.forms[form].method == .get
        if !sends, field.kind != .hidden, notedForms.insert(form).inserted {
            raw("<span class=\"form-note\">(This form sends by POST, which the reader does not do.)</span> ")
        }
        if !sends, field.kind == .hidden { return }
        var attributes = " form=\"reader-form-\(form)\""
        if !sends { attributes += " disabled" }
        func named() -> String {
            sends && !field.name.isEmpty ? " name=\"" + (prefix + field.name).xmlEscaped + "\"" : ""
        }
        switch field.kind {
        case .text, .password:
            raw("<input type=\"\(field.kind == .password ? "password" : "text")\"\(named()) value=\"\(field.value.xmlEscaped)\" size=\"\(field.size)\"\(attributes)>")
        case .hidden:
            raw("<input type=\"hidden\"\(named()) value=\"\(field.value.xmlEscaped)\"\(attributes)>")
        case .checkbox, .radio:
            raw("<input type=\"\(field.kind.rawValue)\"\(named()) value=\"\(field.value.xmlEscaped)\"\(field.isChecked ? " checked" : "")\(attributes)>")
        case .textarea:
            raw("<textarea\(named()) cols=\"\(field.size)\" rows=\"3\"\(attributes)>")
            text(field.value)
            raw("</textarea>")
        case .select:
            raw("<select\(named())\(attributes)>")
            for option in field.options {
                raw("<option value=\"\(option.value.xmlEscaped)\"\(option.value == field.value ? " selected" : "")>")
                text(option.label)
                raw("</option>")
            }
            raw("</select>")
        case .submit:
            let value = field.value.isEmpty ? "" : " value=\"\(field.value.xmlEscaped)\""
            raw("<button type=\"submit\"\(named())\(value)\(attributes)>")
            text(field.label ?? (field.value.isEmpty ? "Submit" : field.value))
            raw("</button>")
        }
    }

    /// The forms the fields send through: GET ones to `rules.forms`' action, the others to
    /// nowhere. Nothing when the rules leave forms out.
    public mutating func writeForms() {
        guard let rule = rules.forms else { return }
        for (index, form) in page.forms.enumerated() {
            if form.method == .get {
                raw("<form id=\"reader-form-\(index)\" method=\"get\" action=\"\(rule.action.xmlEscaped)\">")
                raw("<input type=\"hidden\" name=\"url\" value=\"\(form.action.removingFragment.absoluteString.xmlEscaped)\">")
                raw("<input type=\"hidden\" name=\"form\" value=\"get\"></form>\n")
            } else {
                raw("<form id=\"reader-form-\(index)\" hidden></form>\n")
            }
        }
    }

    // MARK: - Output

    public mutating func raw(_ markup: String) {
        output.append(contentsOf: markup.utf8)
    }

    private mutating func text(_ text: String) {
        HTMLEscaping.append(text, to: &output)
    }
}
