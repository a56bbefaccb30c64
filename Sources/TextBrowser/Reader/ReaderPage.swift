import Foundation

/// A page simplified for reading, as a reader mode or FrogFind serves it to a small or old
/// device: its title, and its text as a flat run of blocks (headings, paragraphs, `pre`, rules)
/// between the opening and closing of the containers that hold them (lists, quotes, tables).
/// Nothing of the page's scripts, styles, frames or event handlers is in it.
///
/// The blocks are flat so that a view writes them out in one loop, however deep the markup was.
/// Containers nest at most `maximumNesting` deep: deeper lists, quotes and tables flow into the
/// one that holds them.
public struct ReaderPage: Sendable {
    public static let maximumNesting = 16

    public var title: String?
    public var blocks: [ReaderBlock]
    /// The page's forms; `ReaderInline.field` points into them.
    public var forms: [PageForm]
    /// The page's own URL, which `#fragment` links are relative to.
    public var url: URL
    /// True when the page had more markup than the parser keeps, and its end is missing.
    public var isTruncated: Bool

    /// Where the page's main content ends and the rest of the page (its menus, header and
    /// footer) begins, in `blocks`; nil when the page marks no main content, or has nothing else.
    public var restStart: Int?
    /// What the page says of its article (title, byline, date…), when an article was found.
    public var metadata: ArticleMetadata?
    /// An HTML page in which no article was found: it is shown whole (its marked main content,
    /// if any, first), and the views say so.
    public var articleMissing = false

    public init(title: String?, blocks: [ReaderBlock], forms: [PageForm], url: URL, isTruncated: Bool = false, restStart: Int? = nil) {
        self.title = title
        self.blocks = blocks
        self.forms = forms
        self.url = url
        self.isTruncated = isTruncated
        self.restStart = restStart
    }

    /// The text of the page, block by block, for searching and for tests.
    public var plainText: String {
        blocks.compactMap { block -> String? in
            switch block {
            case .heading(_, let inlines), .paragraph(let inlines), .preformatted(let inlines): inlines.map(\.plainText).joined()
            case .rule, .open, .close: nil
            }
        }.joined(separator: "\n")
    }
}
