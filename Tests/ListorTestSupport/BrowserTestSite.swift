import Foundation
import HTTPTypes
import Hummingbird

/// A small web site on loopback for the browser's tests: pages, every kind of redirect, a meta
/// refresh, compressed bodies (and a decompression bomb), a body that drips, cookies, and forms
/// that echo what they were sent.
public enum BrowserTestSite {
    /// The story's paragraphs, as the reader should find them.
    public static let storyParagraphs = (1...4).map { "Paragraph \($0) of the story tells, with commas, what happened, where it happened, and why it matters." }

    static let story = """
        <html lang="en"><head><title>Story | The News</title><script type="application/ld+json">{"@type": "NewsArticle", "headline": "A story",
        "author": {"@type": "Person", "name": "Ann Lee"}, "datePublished": "2026-11-29T08:00:00Z", "publisher": {"name": "The News"}}</script></head>
        <body><nav><a href="/">Front page</a> <a href="/world">World</a></nav><main><h1>A story</h1><div class="share"><a href="#">Share it</a></div>
        <div class="article-body">\(storyParagraphs.map { "<p>\($0)</p>" }.joined())</div>
        <section id="comments"><p>A comment, with commas, about the story, which goes on for a while, and then some more.</p></section></main></body></html>
        """

    public static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("page") { _, _ in html("<title>The page</title><h1>The page</h1><p>See <a href='/other'>the other page</a> or <a href='#end'>the end</a>.<p id=end>The end.") }
        // As Sphinx writes a page: the menu, the logo, a search box and the table of contents
        // before the article, which a reader shows first.
        router.get("sphinx") { _, _ in
            html("""
                <title>Built-in Types</title><div class="related" role="navigation"><ul><li><a href="/">index</a></li><li><a href="/other">modules</a></li></ul></div>
                <label for="menuToggler"><input type="checkbox" id="menuToggler"> Menu</label><img src="/logo.png" alt="Python logo">
                <form class="search" action="/search"><input type="text" name="q" aria-label="Quick search"><input type="submit" value="Go"></form>
                <div class="sphinxsidebar" role="navigation"><h3>Table of Contents</h3><ul><li><a href="#truth">Truth Value Testing</a></li><li><a href="#boolean-operations-and-or-not">Boolean Operations</a></li></ul></div>
                <div class="body" role="main"><section id="built-in-types"><h1>Built-in Types</h1><p>The following sections describe the standard types.</p>
                <section id="truth"><h2>Truth Value Testing</h2><p>Any object can be tested for truth value.</p></section>
                <section id="boolean-operations-and-or-not"><h2>Boolean Operations — and, or, not</h2><p>These are the Boolean operations.</p></section></section></div>
                <div class="footer">© Copyright 2001 Python Software Foundation.</div>
                """)
        }
        router.get("other") { _, _ in html("<title>Other</title><p>Another page. <a href='/page'>Back</a>") }
        // A news story as sites write one: JSON-LD, a menu, a share bar, the story, comments.
        router.get("story") { _, _ in html(story) }
        router.get("plain") { _, _ in Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "plain\n  text"))) }
        router.get("image") { _, _ in Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47]))) }
        router.get("missing") { _, _ in html("<title>Not here</title><p>No such page", status: .notFound) }
        router.get("redirect/relative") { _, _ in redirect(.found, to: "../page") }
        router.get("redirect/absolute") { request, _ in redirect(.movedPermanently, to: "http://\(request.head.authority ?? "")/page") }
        router.get("redirect/see-other") { _, _ in redirect(.seeOther, to: "/page") }
        router.get("redirect/nowhere") { _, _ in redirect(.found, to: "http://[::1") }
        router.get("redirect/local-file") { _, _ in redirect(.found, to: "file:///etc/hostname") }
        router.get("loop/a") { _, _ in redirect(.found, to: "/loop/b") }
        router.get("loop/b") { _, _ in redirect(.found, to: "/loop/a") }
        router.get("hops/:count") { _, context in
            let count = Int(context.parameters.get("count") ?? "") ?? 0
            return count == 0 ? html("<title>Arrived</title><p>Arrived") : redirect(.found, to: "/hops/\(count - 1)")
        }
        router.get("refresh") { _, _ in html("<head><meta http-equiv=refresh content='0; url=/page'></head><p>Moving") }
        router.get("refresh-to-file") { _, _ in html("<head><meta http-equiv=refresh content='0; url=file:///etc/hostname'></head><p>Staying") }
        router.get("refresh-to-script") { _, _ in html("<head><meta http-equiv=refresh content='0; url=javascript:alert(1)'></head><p>Staying") }
        router.get("refresh-later") { _, _ in html("<head><meta http-equiv=refresh content='600; url=/page'></head><p>Wait") }
        router.get("gzip") { _, _ in try compressed("browser-page.html.gz", encoding: "gzip") }
        router.get("deflate") { _, _ in try compressed("browser-page.html.zlib", encoding: "deflate") }
        router.get("bomb") { _, _ in try compressed("browser-bomb.html.gz", encoding: "gzip") }
        router.get("big") { _, _ in html("<p>" + String(repeating: "x", count: 2 << 20)) }
        router.get("set-cookies") { _, _ in
            var headers: HTTPFields = [.contentType: "text/html"]
            headers.append(HTTPField(name: .setCookie, value: "session=abc; Path=/"))
            headers.append(HTTPField(name: .setCookie, value: "elsewhere=no; Path=/other-path"))
            headers.append(HTTPField(name: .setCookie, value: "gone=x; Path=/; Max-Age=0"))
            headers.append(HTTPField(name: .setCookie, value: "foreign=no; Domain=example.com"))
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "<p>Cookies set")))
        }
        router.get("cookies") { request, _ in html("<p>Cookie: " + (request.headers[.cookie] ?? "none")) }
        router.get("form") { _, _ in
            html("""
                <title>Form</title>
                <form action=/echo><input name=q value='a b'><input type=checkbox name=c value=yes>
                <select name=s><option>one<option value=2>two</select><input type=submit name=go value=Search></form>
                <form action=/echo method=post><input name=name value=Ann><textarea name=t>line1
                line2</textarea><input type=radio name=r value=x checked><input type=radio name=r value=y><input type=submit></form>
                """)
        }
        router.get("redirect/to/:port") { _, context in redirect(.found, to: "http://127.0.0.1:\(context.parameters.get("port") ?? "")/page") }
        router.get("latin1") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=iso-8859-1"],
                     body: .init(byteBuffer: ByteBuffer(bytes: Array("<title>Caf".utf8) + [0xE9] + Array("</title><p>Un caf".utf8) + [0xE9, 0x20, 0x80])))
        }
        // Everything a page could try against the reader that shows it.
        router.get("hostile") { _, _ in
            html("""
                <title>"><script>alert(1)</script></title><script>alert(2)</script><style>p { color: red }</style>
                <p onclick="alert(3)">Hello <img src=x onerror=alert(4) alt='"><b onmouseover=alert(5)>'>
                <a href="javascript:alert(6)">run</a> <a href='/other" onmouseover="alert(7)'>quote</a>
                <form action=/echo><textarea name=t></textarea><script>alert(8)</script></textarea>
                <input name='"><script>alert(9)</script>' value="</textarea><script>alert(10)</script>"></form>
                <iframe src=/page></iframe><object data=/page></object><svg onload=alert(11)><script>alert(12)</script></svg>
                <a href="  JaVaScRiPt:alert(13)">mixed case</a> <a href="data:text/html,<script>alert(14)</script>">data</a>
                """)
        }
        // Its head at once, then one byte of the 100,000 it promises every 100 ms, until the reader
        // hangs up or 10 s have gone: a server shutting down waits for its responses, and this one
        // must not hold a test's end for hours if a hang-up goes unnoticed.
        router.get("drip") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html"], body: ResponseBody(contentLength: 100_000) { writer in
                for _ in 0..<100 {
                    try await writer.write(ByteBuffer(string: "x"))
                    try await Task.sleep(for: .milliseconds(100))
                }
                throw CancellationError()
            })
        }
        router.get("echo") { request, _ in html("<p>GET " + escape(request.uri.query ?? "")) }
        router.post("echo") { request, context in
            let body = try await request.body.collect(upTo: 1 << 16)
            return html("<p>POST " + escape(request.headers[.contentType] ?? "") + " " + escape(String(buffer: body)))
        }
        return router
    }

    private static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func redirect(_ status: HTTPResponse.Status, to location: String) -> Response {
        Response(status: status, headers: [.location: location])
    }

    private static func compressed(_ fixture: String, encoding: String) throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/html", .contentEncoding: encoding], body: .init(byteBuffer: ByteBuffer(bytes: try Fixtures.data(fixture))))
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
