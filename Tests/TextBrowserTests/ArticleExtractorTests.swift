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

extension ArticleExtractorTests {
    /// A blog's related posts, set as a list of `article` cards with `id="post-N"` after the
    /// post (as WordPress themes write them), are neither the article nor more of it; the post's
    /// schema.org type marks it out from cards that look like it.
    @Test func relatedPostCardsAreNotTheArticle() throws {
        let post = "<article class=\"box post-1 post hentry\" itemscope itemtype=\"http://schema.org/BlogPosting\"><h1>Only those who love</h1>"
            + "<p>\(Self.prose[0]) \(Self.prose[1])</p></article>"
        let cards = (2...8).map {
            "<article id=\"post-\($0)\" class=\"box post-\($0) post hentry\"><h2><a href=\"/\($0)\">Another post</a></h2>"
                + "<p>Teaser \($0) of another post, which goes on, with commas, about life, love and faith, for as long as a teaser goes on, and then stops …</p></article>"
        }.joined()
        let html = "<div id=\"primary\">\(post)<article id=\"post-1\" class=\"box related\"><h3>You may also like</h3>\(cards)</article></div>"
        let text = try article(html)
        #expect(text.contains(Self.prose[0]) && !text.contains("Teaser") && !text.contains("You may also like"), "\(text)")
    }

    /// An article's `html` (in `--format json` and the read API) keeps the page's own addresses,
    /// escapes the page's text and leaves the page's forms out; a whole page's shows its pictures.
    @Test func anArticlesHTMLKeepsItsOwnAddresses() throws {
        let html = "<div class=\"article-body\"><p>\(Self.prose[0]) See <a href=\"/other?a=1&amp;b=2#part\">the other &lt;story&gt;</a>.</p>"
            + "<p>\(Self.prose[1]) <img src=\"/photo.jpg\" alt=\"A &quot;photo&quot;\"> <input name=\"q\"></p><ul><li>\(Self.prose[2])</li></ul></div>"
        let url = try #require(URL(string: "https://example.test/dir/story"))
        let read = PageReader(layout: TextLayout(articleOnly: true)).article(Array(html.utf8), contentType: "text/html", url: url)
        #expect(read.isArticle && read.html.contains("<a href=\"https://example.test/other?a=1&amp;b=2#part\">the other &lt;story&gt;</a>"), "\(read.html)")
        #expect(read.html.contains("<ul><li><p>\(Self.prose[2])</p>"), "\(read.html)")
        let whole = PageReader().article(Array(html.utf8), contentType: "text/html", url: url)
        #expect(whole.html.contains("<img src=\"https://example.test/photo.jpg\" alt=\"A &quot;photo&quot;\">"), "\(whole.html)")
        for page in [read, whole] {
            #expect(!page.html.contains("<input") && !page.html.contains("<form") && !page.html.contains("/browser/read"), "\(page.html)")
        }
    }
}
