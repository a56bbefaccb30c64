import Foundation
import Testing
import TextBrowser

/// The article a reader view finds on a page: the prose, not the cards, comments, share bars
/// and link lists around it, nor what the page hides; nothing on a page that has no article.
@Suite struct ArticleExtractorTests {
    static let prose = (1...6).map { "Paragraph \($0) of the story tells, at some length and with commas, what happened, where it happened, and why it matters to the people who read it." }

    /// The article's text as `listor browse --dump --reader` lays it out.
    func article(_ html: String) throws -> String {
        let page = TextLayout(width: 1000, articleOnly: true).render(HTMLParser().parse(html), url: try #require(URL(string: "http://example.test/story")))
        return page.lines.joined(separator: "\n")
    }

    func story(_ tag: String = "div", attributes: String = "class=\"story-body\"") -> String {
        "<\(tag) \(attributes)>" + Self.prose.map { "<p>\($0)</p>" }.joined() + "</\(tag)>"
    }

    @Test func theStoryIsFoundAmongCardsAndCommentsAndShareBars() throws {
        let cards = (1...6).map { "<article class=\"card\"><h3><a href=\"/\($0)\">Other story \($0)</a></h3><p>A teaser for another story, which is long enough to score a little, and has commas, too.</p></article>" }.joined()
        let html = """
            <html><body><nav><a href="/">Home</a> <a href="/world">World</a></nav>
            <main><h1>The headline</h1><div class="share-bar"><a href="#">Share on Facebook</a> <a href="#">Share by mail</a></div>
            \(story())
            <div class="comments"><p>A comment that goes on and on, with commas, about what the commenter thinks of it all, at length, and then some more.</p></div>
            </main><section class="more-stories">\(cards)</section><footer><p>Copyright, the site, all rights reserved, and so on.</p></footer></body></html>
            """
        let text = try article(html)
        for paragraph in Self.prose { #expect(text.contains(paragraph)) }
        for boilerplate in ["Home", "Share on Facebook", "A comment", "Other story", "A teaser", "Copyright", "The headline"] {
            #expect(!text.contains(boilerplate), "\(boilerplate) in \(text)")
        }
    }

    @Test func textThePageHidesIsLeftOut() throws {
        let html = story(attributes: "itemprop=\"articleBody\"").replacingOccurrences(of: "</div>", with: """
            <p hidden>Hidden by attribute.</p><p aria-hidden="true">Hidden from readers.</p><p style="display: none">Hidden by style.</p></div>
            """)
        let text = try article(html)
        #expect(text.contains(Self.prose[0]) && !text.contains("Hidden"), "\(text)")
    }

    /// An empty `<main>` (an ad slot) before the story, and a story set as text between empty
    /// `<div>`s rather than paragraphs, as some sites write it.
    @Test func anEmptyMainAndTextBetweenDivsDoNotHideTheStory() throws {
        let runs = Self.prose.joined(separator: "<div class=\"fake-br\"></div>")
        let html = "<main class=\"ad-slot\"></main><div class=\"header\"><a href=\"/\">Site</a></div><div class=\"article-inner\" itemprop=\"articleBody\">\(runs)</div>"
        let text = try article(html)
        for paragraph in Self.prose { #expect(text.contains(paragraph), "\(text)") }
        #expect(!text.contains("Site"))
    }

    /// A story cut into chunks of one class, with an ad between them, is one article.
    @Test func aStoryInChunksIsWhole() throws {
        let html = "<div class=\"page\"><div class=\"chunk\"><div class=\"article-body\"><p>\(Self.prose[0])</p><p>\(Self.prose[1])</p></div></div>"
            + "<div class=\"ad\"><a href=\"/buy\">Buy now, buy today, buy everything</a></div>"
            + "<div class=\"chunk\"><div class=\"article-body\">" + Self.prose[2...].map { "<p>\($0)</p>" }.joined() + "</div></div></div>"
        let text = try article(html)
        for paragraph in Self.prose { #expect(text.contains(paragraph), "\(text)") }
        #expect(!text.contains("Buy now"))
    }

    /// A front page of links has no article: the whole page is shown, its links included.
    @Test func aPageOfLinksHasNoArticle() throws {
        let links = (1...40).map { "<li><a href=\"/\($0)\">Headline number \($0), with a comma</a></li>" }.joined()
        let document = HTMLParser().parse("<ul>\(links)</ul>")
        #expect(ArticleExtractor().article(in: document) == nil)
        #expect(try article("<ul>\(links)</ul>").contains("Headline number 40"))
    }
}

extension ArticleExtractorTests {
    /// Paragraphs are one blank line apart, whatever line breaks a paragraph holds: found by the
    /// html-reader fuzz target.
    @Test func paragraphsAreOneBlankLineApart() throws {
        let html = "<div class=\"article-body\">" + Self.prose.map { "<p>\($0)<br><br><br></p>" }.joined() + "<p>Last<br><br>line.</p></div>"
        let read = PageReader(layout: TextLayout(articleOnly: true)).article(Array(html.utf8), contentType: "text/html", url: try #require(URL(string: "http://example.test/")))
        #expect(!read.text.contains("\n\n\n") && read.text.hasSuffix(Self.prose[5] + "\n\nLast\nline."), "\(read.text.debugDescription)")
    }
}
