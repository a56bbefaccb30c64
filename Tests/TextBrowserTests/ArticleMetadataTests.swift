import Foundation
import Testing
import TextBrowser

/// What a reader shows above an article, from each source pages give it in: JSON-LD first, then
/// Open Graph and `<meta>`, then the page itself.
@Suite struct ArticleMetadataTests {
    let url = URL(string: "https://news.example/2026/11/story")!

    func metadata(_ html: String) -> ArticleMetadata {
        ArticleMetadata(HTMLParser().parse(html), url: url)
    }

    @Test func jsonLDComesFirst() {
        let html = """
            <html lang="fr"><head><title>Story | News</title><meta property="og:title" content="OG title">
            <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [{"@type": "WebSite", "name": "News"},
              {"@type": ["NewsArticle"], "headline": "The headline", "author": [{"@type": "Person", "name": "Ann Lee"}, {"name": "Ben Okri"}],
               "datePublished": "2026-11-29T08:00:00Z", "publisher": {"@type": "Organization", "name": "The News"}, "inLanguage": "en",
               "image": {"@type": "ImageObject", "url": "https://news.example/lead.jpg"}}]}</script></head><body></body></html>
            """
        #expect(metadata(html) == ArticleMetadata(title: "The headline", byline: "Ann Lee, Ben Okri", published: "2026-11-29T08:00:00Z", site: "The News",
                                                  language: "en", image: URL(string: "https://news.example/lead.jpg")))
    }

    @Test func openGraphAndMetaThenThePage() {
        let tags = """
            <html lang="de"><head><title>Story | News</title><meta property="og:title" content="OG title"><meta property="og:site_name" content="News">
            <meta name="author" content="Ann Lee"><meta property="article:published_time" content="2026-11-28"><meta property="og:image" content="/lead.jpg">
            <script type="application/ld+json">{not json</script></head><body><h1>Page heading</h1></body></html>
            """
        #expect(metadata(tags) == ArticleMetadata(title: "OG title", byline: "Ann Lee", published: "2026-11-28", site: "News", language: "de",
                                                  image: URL(string: "https://news.example/lead.jpg")))
        let page = "<html><head><title>Story | News</title></head><body><h1>Page heading</h1><p class=\"byline\">By Ben Okri</p><time datetime=\"2026-11-27\">Friday</time></body></html>"
        #expect(metadata(page) == ArticleMetadata(title: "Page heading", byline: "By Ben Okri", published: "2026-11-27"))
    }
}
