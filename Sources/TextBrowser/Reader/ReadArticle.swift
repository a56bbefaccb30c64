import Foundation
import ListorKit

/// A page read for its article: its metadata, and its article's text and blocks (the whole
/// page's when it has none, or when the whole page was asked for). What `listor browse --dump
/// --format json` prints.
public struct ReadArticle: Sendable {
    public var url: URL
    public var metadata: ArticleMetadata
    /// The blocks read: the article's, or the page's.
    public var page: ReaderPage
    /// False when the page has no article (or the whole page was asked for): `page` is all of it.
    public var isArticle: Bool

    public init(url: URL, metadata: ArticleMetadata, page: ReaderPage, isArticle: Bool) {
        self.url = url
        self.metadata = metadata
        self.page = page
        self.isArticle = isArticle
    }

    /// `{"url", "title", "byline", "published", "site", "language", "image", "isArticle", "text",
    /// "html"}`, null for what the page does not say.
    public var json: JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .members([("url", .string(url.absoluteString)), ("title", optional(metadata.title ?? page.title)), ("byline", optional(metadata.byline)),
                         ("published", optional(metadata.published)), ("site", optional(metadata.site)), ("language", optional(metadata.language)),
                         ("image", optional(metadata.image?.absoluteString)), ("isArticle", .bool(isArticle)), ("text", .string(text)),
                         ("html", .string(html))])
    }

    private static func words(_ inline: ReaderInline) -> String {
        if case .link(ReaderInline.wordlessLink, _) = inline { return "" }
        return inline.plainText
    }

    /// The blocks as HTML, with the page's own addresses (`ReaderMarkup.Rules.article`).
    public var html: String { ReaderMarkup.html(of: page) }

    /// The text alone: a paragraph (or heading, or item) a block, one blank line between them
    /// (line breaks in a row within a block are one), links as their words (and nothing for a
    /// link that has none).
    public var text: String {
        page.blocks.compactMap { block -> String? in
            switch block {
            case .heading(_, let inlines), .paragraph(let inlines), .preformatted(let inlines):
                let text = inlines.map(Self.words).joined().replacing(/\n\s*\n\s*/, with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                return text.isEmpty ? nil : text
            case .rule, .open, .close: return nil
            }
        }.joined(separator: "\n\n")
    }
}
