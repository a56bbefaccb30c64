import Foundation
import Testing
import TextBrowser

/// The web reader's simplified page: structure kept (headings, lists, quotes, tables, `pre`),
/// links resolved and sorted by where they go, forms and their fields, nothing the page would
/// run, and containers always balanced and properly nested, whatever the markup.
@Suite struct ReaderLayoutTests {
    func reader(_ html: String, url: String = "http://example.test/dir/page.html") throws -> ReaderPage {
        PageReader().readerPage(Array(html.utf8), contentType: "text/html; charset=utf-8", url: try #require(URL(string: url))).page
    }

    /// Fails the test unless every container closes in order and holds only what it may.
    func checkStructure(_ page: ReaderPage, sourceLocation: SourceLocation = #_sourceLocation) {
        var open: [ReaderBlock.Container] = []
        for block in page.blocks {
            switch block {
            case .open(let container):
                let parent = open.last
                switch container {
                case .row: #expect(parent == .table, "a row outside a table", sourceLocation: sourceLocation)
                case .cell: #expect(parent == .row, "a cell outside a row", sourceLocation: sourceLocation)
                case .item: if case .list? = parent {} else { Issue.record("an item outside a list", sourceLocation: sourceLocation) }
                case .term, .definition: #expect(parent == .definitions, "a term outside a definition list", sourceLocation: sourceLocation)
                default: #expect(!Self.holdsOnlyContainers(parent), "\(container) directly in \(String(describing: parent))", sourceLocation: sourceLocation)
                }
                open.append(container)
            case .close(let container):
                #expect(open.popLast() == container, "\(container) closed out of order", sourceLocation: sourceLocation)
            default:
                #expect(!Self.holdsOnlyContainers(open.last), "\(block) directly in \(String(describing: open.last))", sourceLocation: sourceLocation)
            }
        }
        #expect(open.isEmpty, "left open: \(open)", sourceLocation: sourceLocation)
    }

    static func holdsOnlyContainers(_ container: ReaderBlock.Container?) -> Bool {
        switch container {
        case .table?, .row?, .list?, .definitions?: true
        default: false
        }
    }

    @Test func headingsParagraphsAndStylesKeepTheirPlaces() throws {
        let page = try reader("<title> The  title </title><h1>Main</h1><p>Some <b>bold</b> and <em>slanted</em> and <code>x = 1</code> text.<p>Second<br>line</p><hr><h3>Small</h3>")
        #expect(page.title == "The title")
        #expect(page.blocks == [
            .heading(level: 1, [.text("Main", .plain)]),
            .paragraph([.text("Some ", .plain), .text("bold", .strong), .text(" and ", .plain), .text("slanted", .emphasis), .text(" and ", .plain),
                        .text("x = 1", .code), .text(" text.", .plain)]),
            .paragraph([.text("Second", .plain), .lineBreak, .text("line", .plain)]),
            .rule,
            .heading(level: 3, [.text("Small", .plain)]),
        ])
    }

    /// Documentation generators follow each heading with a link to itself ("¶" in Sphinx and
    /// MkDocs, "#" or an empty icon link elsewhere): a reader shows the heading alone. A heading
    /// that links elsewhere keeps its link.
    @Test func aHeadingsLinkToItselfIsLeftOut() throws {
        let page = try reader(##"<h2 id="install">Install<a class="headerlink" href="#install" title="Link to this heading">¶</a></h2>"##
            + ##"<h3 id="b">Use <a href="#b">#</a></h3><h3 id="c"><a href="#c" aria-hidden="true"><svg></svg></a>Build</h3>"##
            + ##"<h3>See <a href="other.html">the guide</a></h3>"##)
        let guide = try #require(URL(string: "http://example.test/dir/other.html"))
        #expect(page.blocks == [
            .heading(level: 2, [.anchor("install"), .text("Install", .plain)]),
            .heading(level: 3, [.anchor("b"), .text("Use", .plain)]),
            .heading(level: 3, [.anchor("c"), .text("Build", .plain)]),
            .heading(level: 3, [.text("See ", .plain), .link("the guide", .web(guide))]),
        ], "\(page.blocks)")
    }

    @Test func listsQuotesAndDefinitionsNest() throws {
        let page = try reader("<ol start=3><li>one<ul><li>inner</ul><li>two</ol><blockquote><p>quoted</blockquote><dl><dt>term<dd>meaning</dl>")
        checkStructure(page)
        #expect(page.blocks == [
            .open(.list(ordered: true, start: 3)),
            .open(.item), .paragraph([.text("one", .plain)]),
            .open(.list(ordered: false, start: 1)), .open(.item), .paragraph([.text("inner", .plain)]), .close(.item), .close(.list(ordered: false, start: 1)),
            .close(.item),
            .open(.item), .paragraph([.text("two", .plain)]), .close(.item),
            .close(.list(ordered: true, start: 3)),
            .open(.quote), .paragraph([.text("quoted", .plain)]), .close(.quote),
            .open(.definitions), .open(.term), .paragraph([.text("term", .plain)]), .close(.term),
            .open(.definition), .paragraph([.text("meaning", .plain)]), .close(.definition), .close(.definitions),
        ])
    }

    @Test func tablesHoldRowsAndCellsEvenWhenTheMarkupDoesNot() throws {
        let page = try reader("<table><caption>Cap</caption><tr><th>A<th>B<tr><td>1<td>2</table><table>loose text<tr><td>x</table>")
        checkStructure(page)
        #expect(page.plainText == "Cap\nA\nB\n1\n2\nloose text\nx")
        #expect(page.blocks.filter { $0 == .open(.cell(header: true)) }.count == 2)
    }

    @Test func preformattedTextIsKeptAsWritten() throws {
        let page = try reader("<pre>\n  a  b\n    c</pre>")
        #expect(page.blocks == [.preformatted([.text("  a  b\n    c", .plain)])])
    }

    @Test func linksAreSortedByWhereTheyGo() throws {
        let page = try reader("""
            <p><a href="other.html#part">Other</a> <a href="#top">Top</a> <a href="page.html#here">Here</a> <a href="mailto:a@example.test">Mail</a>
            <a href="javascript:alert(1)">Script</a> <a href="ftp://example.test/f">FTP</a> <a href="/x"><img src="/i.png" alt="Logo"></a> <img src="data:image/png;base64,AAAA" alt="Inline">
            <img src="//cdn.example.test/p.png"><a name="here"></a>
            """)
        guard case .paragraph(let inlines)? = page.blocks.first else { Issue.record("no paragraph: \(page.blocks)"); return }
        let links = inlines.compactMap { inline -> String? in
            if case .link(let text, let target) = inline { return "\(text) \(target)" }
            return nil
        }
        #expect(links == [
            "Other web(http://example.test/dir/other.html#part)", "Top fragment(\"top\")", "Here fragment(\"here\")", "Mail mail(mailto:a@example.test)",
            "Script unusable", "FTP unusable", "[Logo] web(http://example.test/x)",
        ])
        #expect(inlines.contains(.image(alt: "Inline", source: nil)))
        #expect(inlines.contains(.image(alt: "image", source: URL(string: "http://cdn.example.test/p.png"))))
        #expect(inlines.contains(.anchor("here")))
    }

    @Test func nothingThePageWouldRunIsKept() throws {
        let page = try reader("<script>alert(1)</script><style>p{}</style><p>Seen<template>t</template><iframe src=x>f</iframe><object>o</object><noscript>ns</noscript><p hidden>h<p style='display: none'>d")
        #expect(page.plainText == "Seen\nns")
    }

    @Test func formsKeepTheirFieldsWhereTheyStand() throws {
        let page = try reader("""
            <form action="/search"><label>Find <input name=q value="x"></label><input type=hidden name=lang value=en>
            <select name=s><option>one<option value=2 selected>two</select><button>Go</button></form>
            <form method=post action=/login><input name=user><input type=password name=pw></form>
            <input name=orphan value=alone>
            """)
        #expect(page.forms.map(\.method) == [.get, .post])
        #expect(page.forms[0].action.absoluteString == "http://example.test/search")
        #expect(page.forms[0].fields.map(\.name) == ["q", "lang", "s", ""])
        #expect(page.forms[0].fields[2].value == "2")
        #expect(page.forms[1].fields.map(\.kind) == [.text, .password])
        guard case .paragraph(let inlines)? = page.blocks.first else { Issue.record("no paragraph: \(page.blocks)"); return }
        #expect(inlines.filter { if case .field(0, _) = $0 { true } else { false } }.count == 4)
        #expect(page.plainText.contains("[alone____"), "a field outside a form is shown as text")
    }

    @Test func malformedMarkupStillGivesABalancedPage() throws {
        let samples = [
            "<p>unclosed <li>item <td>cell</table> <b>bold <i>both</b> italic</i>",
            "<table><tr><td><table><tr><td>inner</td></tr></table></td><td><ul><li>in a cell</ul></tr></table>",
            "<ul>text before items<li>a</li>text between<li>b</ul><dl>loose<dt>t</dl>",
            "<table><ul><li>a list in a table</ul><blockquote>quote</blockquote></table>",
            "<a href=/x>link <div>across a block</div> still link</a>",
            "<h1>heading <p>with a paragraph</p> inside</h1><pre>pre <div>with a div</div></pre>",
        ]
        for sample in samples {
            checkStructure(try reader(sample))
        }
    }

    @Test func deepMarkupIsFlattenedNotRecursed() throws {
        let depth = 100_000
        let lists = String(repeating: "<ul><li>", count: depth) + "deep"
        let page = try reader(lists)
        checkStructure(page)
        // Lists and their items share the sixteen levels.
        let opened = page.blocks.filter { if case .open(.list) = $0 { true } else { false } }.count
        #expect(opened == ReaderPage.maximumNesting / 2)
        #expect(page.plainText.hasSuffix("deep"))
        // A list right in a table, at the limit, takes the row and cell made for it first.
        let mixed = try reader(String(repeating: "<blockquote>", count: ReaderPage.maximumNesting - 2) + "<table><ul><li>mixed")
        checkStructure(mixed)
        var level = 0
        var deepest = 0
        for block in mixed.blocks {
            if case .open = block { level += 1 } else if case .close = block { level -= 1 }
            deepest = max(deepest, level)
        }
        #expect(deepest <= ReaderPage.maximumNesting + 2)
        let tables = try reader(String(repeating: "<table><tr><td>", count: 5000) + "cell")
        checkStructure(tables)
        #expect(tables.plainText.hasSuffix("cell"))
    }

    @Test func plainTextIsOnePreformattedBlock() throws {
        let read = PageReader().readerPage(Array("one\r\n  two".utf8), contentType: "text/plain", url: try #require(URL(string: "http://example.test/a.txt")))
        #expect(read.page.blocks == [.preformatted([.text("one\n  two", .plain)])])
    }
}

@Suite struct ReaderMainContentTests {
    /// The page's main content first (a `main`, an element with `role="main"`, or the page's only
    /// `article`), then the rest of the page; without one, the page in its order.
    @Test func theMainContentComesFirst() throws {
        let html = "<nav><a href='/'>Home</a></nav><header><p>Site header</p></header><div role=main><h1>Title</h1><p>Body text.</p><ul><li>one</ul></div><footer><p>Footer</p></footer>"
        let page = PageReader().readerPage(Array(html.utf8), contentType: "text/html", url: try #require(URL(string: "http://example.test/"))).page
        let start = try #require(page.restStart)
        let article = page.blocks[..<start].compactMap(Self.text)
        let rest = page.blocks[start...].compactMap(Self.text)
        #expect(article == ["Title", "Body text.", "one"])
        #expect(rest == ["Home", "Site header", "Footer"])
        let single = PageReader().readerPage(Array("<p>Menu</p><article><p>Story</p></article>".utf8), contentType: "text/html",
                                             url: try #require(URL(string: "http://example.test/"))).page
        #expect(single.restStart.map { single.blocks[..<$0].compactMap(Self.text) } == ["Story"])
        let two = PageReader().readerPage(Array("<p>Menu</p><article><p>A</p></article><article><p>B</p></article>".utf8), contentType: "text/html",
                                          url: try #require(URL(string: "http://example.test/"))).page
        #expect(two.restStart == nil, "two articles are a list of them: the page stays in its order")
        #expect(two.blocks.compactMap(Self.text) == ["Menu", "A", "B"])
        let sphinx = PageReader().readerPage(Array(#"<div class="x" role="navigation"><h3>TOC</h3></div><div class="body" role="main"><section id="a"><h1>Types</h1><p>Text.</p><section id="b"><h2>More</h2><p>Again.</p></section></section></div><div>Foot</div>"#.utf8),
                                             contentType: "text/html", url: try #require(URL(string: "http://example.test/"))).page
        #expect(sphinx.blocks.compactMap(Self.text) == ["Types", "Text.", "More", "Again.", "TOC", "Foot"])
    }

    static func text(_ block: ReaderBlock) -> String? {
        switch block {
        case .heading, .paragraph: ReaderPage(title: nil, blocks: [block], forms: [], url: URL(fileURLWithPath: "/")).plainText
        default: nil
        }
    }
}
