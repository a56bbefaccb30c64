import Foundation
import ListorKit

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
                  let content = element[attribute: "content"]?.trimmed(), !content.isEmpty, meta[key] == nil else { continue }
            meta[key] = content
        }
        let linked = Self.jsonLD(document)
        // `??` asks the page itself (which reads every node) only when the tags say nothing.
        func given(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
        title = given(linked?.title) ?? given(meta["og:title"]) ?? given(meta["twitter:title"]) ?? given(Self.heading(document, in: article)) ?? given(document.title)
        byline = given(linked?.byline) ?? given(meta["author"]) ?? given(meta["article:author"].flatMap { $0.hasPrefix("http") ? nil : $0 }) ?? given(meta["byl"])
            ?? given(Self.marked(document, in: article))
        published = given(linked?.published) ?? given(meta["article:published_time"]) ?? given(meta["datepublished"]) ?? given(meta["date"])
            ?? given(meta["pubdate"]) ?? given(meta["dc.date"]) ?? given(meta["dcterms.created"]) ?? given(Self.time(document, in: article))
        site = given(linked?.site) ?? given(meta["og:site_name"]) ?? given(meta["application-name"])
        language = given(linked?.language) ?? given(Self.htmlLanguage(document)) ?? given(meta["og:locale"]?.replacingOccurrences(of: "_", with: "-"))
        image = (given(linked?.image?.absoluteString) ?? given(meta["og:image"]) ?? given(meta["twitter:image"])).flatMap { URLResolver.resolve($0, against: url) }
    }

    // MARK: - Sources

    /// The first article the page's JSON-LD describes (in a list, or a `@graph`).
    static func jsonLD(_ document: HTMLDocument) -> ArticleMetadata? {
        for index in document.nodes.indices where document.nodes[index].tag == .script {
            guard document.attribute("type", of: index)?.lowercased().contains("ld+json") == true else { continue }
            let text = document.children(of: index).compactMap { document.text(at: $0) }.joined()
            guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { continue }
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
            let marked = ["rel", "itemprop", "class"].contains { name in
                guard let value = document.attributeBytes(name, of: index).map(PageBytes.lowercased) else { return false }
                return PageBytes.contains(byline, in: value) || PageBytes.hasWord(author, in: value)
            }
            guard marked else { continue }
            let text = document.text(of: index)
            if !text.isEmpty, text.count <= 100 { return text }
        }
        return nil
    }

    private static let byline = Array("byline".utf8), author = Array("author".utf8)

    /// The first `<time datetime>` in the article, or else on the page.
    static func time(_ document: HTMLDocument, in article: Int?) -> String? {
        let times = document.elements(named: "time")
        let inside = article.map { root in times.filter { document.contains(root, $0) } } ?? []
        return (inside + times).lazy.compactMap { document.attribute("datetime", of: $0) }.first
    }

    static func htmlLanguage(_ document: HTMLDocument) -> String? {
        document.nodes.indices.first { document.nodes[$0].tag == .html }.flatMap { document.attribute("lang", of: $0) }
    }
}
