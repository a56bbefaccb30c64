import Foundation
import ListorKit
import TextBrowser

/// A `ReaderPage` as markup for the reader's page: every string from the remote page escaped,
/// every link sent back through the reader (`/browser/read?url=…`), the page's `id`s prefixed
/// so that they cannot clash with this site's own, and nothing the page would run.
///
/// The page's GET forms are kept, through the reader: each is an empty `<form>` at the end that
/// sends to `/browser/read` with the form's action as `url`, and its fields stand where the page
/// put them, joined to it by their `form` attribute and named `f.<name>` so that the reader can
/// tell them from its own. POST forms are shown disabled, with a note.
struct ReaderHTML {
    static let fieldPrefix = "f."

    private var output: [UInt8] = []
    private let page: ReaderPage
    private var notedForms: Set<Int> = []

    static func render(_ page: ReaderPage) -> HTMLFragment {
        var writer = ReaderHTML(page: page)
        writer.output.reserveCapacity(page.blocks.count * 80)
        let rest = page.restStart ?? page.blocks.count
        for block in page.blocks[..<rest] { writer.write(block) }
        if rest < page.blocks.count {
            // The page's own content comes first, as a reader view shows it; its menus, header
            // and footer are kept after it, folded away.
            writer.output += Array(#"<details class="reader-rest"><summary>The rest of the page: its menus, header and footer</summary>"#.utf8)
            for block in page.blocks[rest...] { writer.write(block) }
            writer.output += Array("</details>".utf8)
        }
        writer.writeForms()
        return HTMLFragment(bytes: writer.output)
    }

    private init(page: ReaderPage) {
        self.page = page
    }

    /// Where the reader shows `url`, with its fragment kept for the browser to jump to.
    static func readerLink(_ url: URL) -> String {
        var link = "/browser/read?" + URLQuery.encode([("url", url.removingFragment.absoluteString)])
        if let fragment = url.fragment(percentEncoded: false), !fragment.isEmpty { link += "#" + anchorName(fragment) }
        return link
    }

    /// The `id` the reader gives a page's `id`, and the fragment that points at it.
    static func anchorName(_ id: String) -> String {
        "r-" + URLQuery.encode([("", id)]).dropFirst()
    }

    // MARK: - Blocks

    private mutating func write(_ block: ReaderBlock) {
        switch block {
        case .heading(let level, let inlines):
            // The reader's own title is the h1: the page's headings are one level down.
            let tag = "h\(min(level + 1, 6))"
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
            case .web(let url): link(Self.readerLink(url), label)
            case .fragment(let fragment): link("#" + Self.anchorName(fragment), label)
            case .mail(let url): link(url.absoluteString, label)
            case .unusable:
                raw("<span class=\"dead-link\">")
                text(label)
                raw("</span>")
            }
        case .image(let alt, let source):
            if let source {
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
            text(Self.anchorName(id))
            raw("\"></span>")
        case .field(let form, let field):
            write(field: page.forms[form].fields[field], form: form)
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
    private mutating func write(field: FormField, form: Int) {
        let sends = page.forms[form].method == .get
        if !sends, field.kind != .hidden, notedForms.insert(form).inserted {
            raw("<span class=\"form-note\">(This form sends by POST, which the reader does not do.)</span> ")
        }
        if !sends, field.kind == .hidden { return }
        var attributes = " form=\"reader-form-\(form)\""
        if !sends { attributes += " disabled" }
        func named() -> String {
            sends && !field.name.isEmpty ? " name=\"" + (Self.fieldPrefix + field.name).xmlEscaped + "\"" : ""
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

    /// The forms the fields send through: GET ones to the reader, the others to nowhere.
    private mutating func writeForms() {
        for (index, form) in page.forms.enumerated() {
            if form.method == .get {
                raw("<form id=\"reader-form-\(index)\" method=\"get\" action=\"/browser/read\">")
                raw("<input type=\"hidden\" name=\"url\" value=\"\(form.action.removingFragment.absoluteString.xmlEscaped)\">")
                raw("<input type=\"hidden\" name=\"form\" value=\"get\"></form>\n")
            } else {
                raw("<form id=\"reader-form-\(index)\" hidden></form>\n")
            }
        }
    }

    // MARK: - Output

    private mutating func raw(_ markup: String) {
        output.append(contentsOf: markup.utf8)
    }

    private mutating func text(_ text: String) {
        HTMLEscaping.append(text, to: &output)
    }
}
