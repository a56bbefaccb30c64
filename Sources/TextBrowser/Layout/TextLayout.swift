import Foundation

/// Lays a parsed page out as text at a width, the way lynx and w3m show pages: headings set
/// apart, paragraphs wrapped at word boundaries, lists, quotes, `pre` as written, tables in
/// columns when they fit, links and form fields numbered `[n]` in document order.
///
/// The same walk (`PageWalk`) gives the web reader its `ReaderPage`. The tree is walked with an
/// explicit stack of open and close events, so the depth of the markup costs heap, not stack.
public struct TextLayout: Sendable {
    /// The width of the lines; text fields are sized to it in both views.
    public var width: Int
    /// Lays out the page's article alone (`ArticleExtractor`), when one is found.
    public var articleOnly: Bool
    public var extractor = ArticleExtractor()

    public init(width: Int = 80, articleOnly: Bool = false) {
        self.width = max(width, 20)
        self.articleOnly = articleOnly
    }

    public func render(_ document: HTMLDocument, url: URL) -> RenderedPage {
        let base = Self.baseURL(of: document, url: url)
        var lines = LayoutRun(width: width, baseURL: base)
        let article = articleOnly ? extractor.article(in: document) : nil
        if article == nil { lines.headLinks(of: document) }
        var walk = PageWalk(document: document, base: base, width: width, layout: lines)
        if let article {
            walk.walk(from: article.root, skipping: article.excluded)
        } else {
            walk.walk()
        }
        var page = walk.layout.finish(title: document.title, refresh: Self.refresh(of: document, base: base), forms: walk.forms)
        page.articleMissing = articleOnly && article == nil
        return page
    }

    /// The page simplified for reading: its text and structure, without anything the page would
    /// run or style; its article first (`ArticleExtractor`; else the element the page marks as
    /// its main content), as a reader view shows it, then the rest.
    public func readerPage(_ document: HTMLDocument, url: URL) -> ReaderPage {
        var walk = PageWalk(document: document, base: Self.baseURL(of: document, url: url), width: width, layout: ReaderRun(url: url))
        let found = extractor.article(in: document)
        if let article = found ?? document.mainContent.map({ ArticleExtractor.Article(root: $0, excluded: []) }) {
            walk.walk(from: article.root, skipping: article.excluded)
            walk.layout.endMainContent()
            walk.walk(skipping: [article.root])
        } else {
            walk.walk()
        }
        var page = walk.layout.finish(title: document.title, forms: walk.forms, isTruncated: document.isTruncated)
        page.metadata = found.map { ArticleMetadata(document, url: url, article: $0.root) }
        page.articleMissing = found == nil
        return page
    }

    /// The page read for its article (`articleOnly`), or whole: its metadata and its blocks.
    public func article(_ document: HTMLDocument, url: URL) -> ReadArticle {
        var walk = PageWalk(document: document, base: Self.baseURL(of: document, url: url), width: width, layout: ReaderRun(url: url))
        let article = articleOnly ? extractor.article(in: document) : nil
        if let article { walk.walk(from: article.root, skipping: article.excluded) } else { walk.walk() }
        let page = walk.layout.finish(title: document.title, forms: walk.forms, isTruncated: document.isTruncated)
        return ReadArticle(url: url, metadata: ArticleMetadata(document, url: url, article: article?.root), page: page, isArticle: article != nil)
    }

    /// `<base href>` resolved against the page's URL, or the page's URL.
    static func baseURL(of document: HTMLDocument, url: URL) -> URL {
        for (_, element) in document.elements(.base) {
            if let href = element[attribute: "href"], let base = URLResolver.resolve(href, against: url) { return base }
        }
        return url
    }

    /// The first `<meta http-equiv=refresh content="5; url=…">` that names a URL.
    static func refresh(of document: HTMLDocument, base: URL) -> RenderedPage.Refresh? {
        for (_, element) in document.elements(.meta) where element[attribute: "http-equiv"]?.lowercased() == "refresh" {
            guard let content = element[attribute: "content"] else { continue }
            let parts = content.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let seconds = Int(parts[0].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) ?? 0
            guard parts.count == 2 else { continue }
            var target = parts[1].trimmingCharacters(in: .whitespaces)
            if target.lowercased().hasPrefix("url") {
                target = String(target.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                guard target.hasPrefix("=") else { continue }
                target = String(target.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            if let quote = target.first, quote == "\"" || quote == "'" {
                target = String(target.dropFirst().prefix { $0 != quote })
            }
            if let url = URLResolver.resolve(target, against: base) { return RenderedPage.Refresh(seconds: seconds, url: url) }
        }
        return nil
    }
}
