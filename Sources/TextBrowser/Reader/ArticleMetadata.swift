import Foundation

/// What a reader shows above an article: its title, who wrote it, when, on which site, in which
/// language, and its lead picture. Each is taken from the first source that gives it, in the
/// order pages are most often right: schema.org's JSON-LD (an `Article` or its kinds), then
/// Open Graph and the page's `<meta>` tags, then the page itself (its `<h1>`, an element marked
/// as the byline, a `<time>`, `<html lang>`, its `<title>` without the site's name).
public struct ArticleMetadata: Sendable, Hashable {
    public var title: String?
    public var byline: String?
    /// As the page writes it (ISO 8601, usually).
    public var published: String?
    public var site: String?
    public var language: String?
    /// The lead picture's address, resolved against the page's.
    public var image: URL?

    public init(title: String? = nil, byline: String? = nil, published: String? = nil, site: String? = nil, language: String? = nil, image: URL? = nil) {
        self.title = title
        self.byline = byline
        self.published = published
        self.site = site
        self.language = language
        self.image = image
    }

    /// The JSON-LD types that are articles.
    static let articleTypes: Set<String> = ["Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle", "AnalysisNewsArticle", "OpinionNewsArticle",
                                            "TechArticle", "ScholarlyArticle", "Report", "SocialMediaPosting", "LiveBlogPosting", "WebPage"]

    /// The metadata of `document`, at `url`; `article` is where the page's own title and byline are looked for.
    public init(_ document: HTMLDocument, url: URL, article: Int? = nil) {
        var meta: [String: String] = [:]
        for (_, element) in document.elements(.meta) {
            guard let key = (element[attribute: "property"] ?? element[attribute: "name"] ?? element[attribute: "itemprop"])?.lowercased(),
                  let content = element[attribute: "content"]?.trimmingCharacters(in: .whitespacesAndNewlines), !content.isEmpty, meta[key] == nil else { continue }
            meta[key] = content
        }
        let linked = Self.jsonLD(document)
        func first(_ values: String?...) -> String? { values.lazy.compactMap { $0?.isEmpty == false ? $0 : nil }.first }
        title = first(linked?.title, meta["og:title"], meta["twitter:title"], Self.heading(document, in: article), document.title)
        byline = first(linked?.byline, meta["author"], meta["article:author"].flatMap { $0.hasPrefix("http") ? nil : $0 }, meta["byl"],
                       Self.marked(document, in: article))
        published = first(linked?.published, meta["article:published_time"], meta["datepublished"], meta["date"], meta["pubdate"],
                          meta["dc.date"], meta["dcterms.created"], Self.time(document, in: article))
        site = first(linked?.site, meta["og:site_name"], meta["application-name"])
        language = first(linked?.language, Self.htmlLanguage(document), meta["og:locale"]?.replacingOccurrences(of: "_", with: "-"))
        image = first(linked?.image?.absoluteString, meta["og:image"], meta["twitter:image"]).flatMap { URLResolver.resolve($0, against: url) }
    }

    // MARK: - Sources

    /// The first article the page's JSON-LD describes (in a list, or a `@graph`).
    static func jsonLD(_ document: HTMLDocument) -> ArticleMetadata? {
        for index in document.nodes.indices where document.nodes[index].tag == .script {
            guard document.attribute("type", of: index)?.lowercased().contains("ld+json") == true else { continue }
            let text = document.children(of: index).compactMap { document.text(at: $0) }.joined()
            guard let data = text.data(using: .utf8), let value = try? JSONSerialization.jsonObject(with: data) else { continue }
            if let found = article(in: value) { return found }
        }
        return nil
    }

    private static func article(in value: Any) -> ArticleMetadata? {
        if let list = value as? [Any] { return list.lazy.compactMap(article(in:)).first }
        guard let object = value as? [String: Any] else { return nil }
        if let graph = object["@graph"] { return article(in: graph) }
        let types = (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [String]) ?? []
        guard types.contains(where: articleTypes.contains), types != ["WebPage"] || object["headline"] != nil else { return nil }
        func name(_ value: Any?) -> String? {
            if let text = value as? String { return text }
            if let list = value as? [Any] {
                let names = list.compactMap(name)
                return names.isEmpty ? nil : names.joined(separator: ", ")
            }
            return (value as? [String: Any])?["name"] as? String
        }
        func address(_ value: Any?) -> String? {
            if let text = value as? String { return text }
            if let list = value as? [Any] { return list.lazy.compactMap(address).first }
            return (value as? [String: Any])?["url"] as? String
        }
        return ArticleMetadata(title: (object["headline"] as? String) ?? (object["name"] as? String), byline: name(object["author"]),
                               published: object["datePublished"] as? String, site: name(object["publisher"]),
                               language: object["inLanguage"] as? String, image: address(object["image"]).flatMap { URL(string: $0) })
    }

    /// The first `<h1>` in the article, or else on the page.
    static func heading(_ document: HTMLDocument, in article: Int?) -> String? {
        let headings = document.elements(.h1).map(\.index)
        let inside = article.map { root in headings.filter { document.contains(root, $0) } } ?? []
        return (inside.first ?? headings.first).map { document.text(of: $0) }
    }

    /// The text of an element marked as the byline (`rel=author`, a class or itemprop of author
    /// or byline), when it is short enough to be one.
    static func marked(_ document: HTMLDocument, in article: Int?) -> String? {
        for index in document.nodes.indices where document.nodes[index].kind == .element {
            let marks = [document.attribute("rel", of: index), document.attribute("itemprop", of: index), document.attribute("class", of: index)]
                .compactMap { $0?.lowercased() }
            guard marks.contains(where: { $0 == "author" || $0.contains("byline") || $0.split(separator: " ").contains("author") }) else { continue }
            let text = document.text(of: index)
            if !text.isEmpty, text.count <= 100 { return text }
        }
        return nil
    }

    /// The first `<time datetime>` in the article, or else on the page.
    static func time(_ document: HTMLDocument, in article: Int?) -> String? {
        let times = document.nodes.indices.filter { document.nodes[$0].kind == .element && document.element(at: $0)?.name == "time" }
        let inside = article.map { root in times.filter { document.contains(root, $0) } } ?? []
        return (inside + times).lazy.compactMap { document.attribute("datetime", of: $0) }.first
    }

    static func htmlLanguage(_ document: HTMLDocument) -> String? {
        document.nodes.indices.first { document.nodes[$0].tag == .html }.flatMap { document.attribute("lang", of: $0) }
    }
}
