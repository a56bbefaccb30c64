import Foundation
import TextBrowser

/// Lays out an HTML fixture as the browser would, at `width`, for the layout tests.
func render(_ html: String, width: Int = 80, url: String = "http://example.test/dir/page.html") -> RenderedPage {
    let url = URL(string: url)!
    return PageReader(layout: TextLayout(width: width)).read(Array(html.utf8), contentType: "text/html; charset=utf-8", url: url).page
}

func text(_ html: String, width: Int = 80) -> String {
    render(html, width: width).lines.joined(separator: "\n")
}
