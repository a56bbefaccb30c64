import Foundation
import ListorKit
import TextBrowser

/// A `ReaderPage` as markup for the reader's page (`ReaderMarkup` by the reader's rules): every
/// link sent back through the reader (`/browser/read?url=…`), the page's `id`s prefixed so that
/// they cannot clash with this site's own, images as links that are not loaded.
///
/// The page's GET forms are kept, through the reader: each is an empty `<form>` at the end that
/// sends to `/browser/read` with the form's action as `url`, and its fields stand where the page
/// put them, joined to it by their `form` attribute and named `f.<name>` so that the reader can
/// tell them from its own. POST forms are shown disabled, with a note.
enum ReaderHTML {
    static let fieldPrefix = "f."

    /// The reader's own title is the `h1`: the page's headings are one level down.
    static let rules = ReaderMarkup.Rules(href: readerLink, anchor: anchorName, forms: (action: "/browser/read", fieldPrefix: fieldPrefix),
                                          imagesAsLinks: true, headingShift: 1)

    static func render(_ page: ReaderPage) -> HTMLFragment {
        var markup = ReaderMarkup(page: page, rules: rules)
        let rest = page.restStart ?? page.blocks.count
        markup.write(page.blocks[..<rest])
        if rest < page.blocks.count {
            // The page's own content comes first, as a reader view shows it; its menus, header
            // and footer are kept after it, folded away.
            markup.raw(#"<details class="reader-rest"><summary>The rest of the page: its menus, header and footer</summary>"#)
            markup.write(page.blocks[rest...])
            markup.raw("</details>")
        }
        markup.writeForms()
        return HTMLFragment(bytes: markup.output)
    }

    /// Where the reader shows `url`, with its fragment kept for the browser to jump to.
    @Sendable static func readerLink(_ url: URL) -> String {
        var link = "/browser/read?" + URLQuery.encode([("url", url.removingFragment.absoluteString)])
        if let fragment = url.fragment(percentEncoded: false), !fragment.isEmpty { link += "#" + anchorName(fragment) }
        return link
    }

    /// The `id` the reader gives a page's `id`, and the fragment that points at it.
    @Sendable static func anchorName(_ id: String) -> String {
        "r-" + URLQuery.encode([("", id)]).dropFirst()
    }
}
