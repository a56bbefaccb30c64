import Foundation
import Testing
import TextBrowser

/// HTML to text: each kind of element on a small fixture, laid out as lynx and w3m users expect.
@Suite struct LayoutTests {
    @Test func headingsAreSetApartAndTheFirstTwoLevelsUnderlined() {
        #expect(text("<p>Before<h1>Title</h1><h2>Part</h2><h3>Section</h3><p>After") == """
            Before

            Title
            =====

            Part
            ----

            Section

            After
            """)
    }

    @Test func paragraphsWrapAtWordBoundariesWithinTheWidth() {
        let words = (1...60).map { "word\($0)" }.joined(separator: " ")
        let lines = render("<p>\(words)</p><p>Second paragraph", width: 40).lines
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.joined(separator: " ").split(separator: " ").prefix(60).map(String.init) == (1...60).map { "word\($0)" })
        #expect(lines.suffix(2) == ["", "Second paragraph"])
        #expect(lines[0] == "word1 word2 word3 word4 word5 word6")
    }

    @Test func whitespaceInTextCollapsesToOneSpace() {
        #expect(text("<p>  one \n\t two   <b>three</b>four  </p>") == "one two threefour")
    }

    @Test func nestedListsIndentWithTheirOwnMarkers() {
        #expect(text("<ul><li>one<li>two<ul><li>inner<ol><li>first<li>second</ol></ul><li>three</ul>") == """
              * one
              * two
                  + inner
                     1. first
                     2. second
              * three
            """)
    }

    @Test func orderedListsHonourStartValueAndReversed() {
        #expect(text("<ol start=9><li>nine<li>ten<li value=20>twenty<li>next</ol>") == """
             9. nine
            10. ten
            20. twenty
            21. next
            """)
        #expect(text("<ol reversed start=3><li>c<li>b<li>a</ol>") == " 3. c\n 2. b\n 1. a")
    }

    @Test func aLongListItemHangsUnderItsText() {
        let lines = render("<ul><li>" + String(repeating: "abc ", count: 30) + "</ul>", width: 40).lines
        #expect(lines[0].hasPrefix("  * abc"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    abc") })
    }

    @Test func blockquotesAreIndentedAndPreIsKeptAsWritten() {
        #expect(text("<p>a<blockquote>quoted words</blockquote><pre>\n  x = 1\n\tif y:\n        z</pre><p>b") == """
            a

                quoted words

              x = 1
                    if y:
                    z

            b
            """)
    }

    @Test func aTableThatFitsIsSetInColumns() {
        #expect(text("<table><tr><th>Name<th>Value</tr><tr><td>alpha<td>1</tr><tr><td>b<td>22</tr></table>") == """
            Name   Value
            alpha  1
            b      22
            """)
    }

    @Test func aTableTooWideIsSetRowByRowWithTheHeaders() {
        let long = String(repeating: "long words ", count: 10)
        let page = render("<table><tr><th>Name<th>Notes</tr><tr><td>alpha<td>\(long)</tr><tr><td>beta<td>short</tr></table>", width: 40)
        #expect(page.lines == [
            "Name: alpha", "Notes: long words long words long words",
            "long words long words long words long", "words long words long words long words", "",
            "Name: beta", "Notes: short",
        ])
    }

    @Test func columnsKeepTheirPlacesAroundEmptyCellsInnerTablesAndWideCharacters() {
        let page = render("""
            <table><tr><th>Name<th>Value<th>Note
            <tr><td><td>only value<td>n1
            <tr><td>long name here<td><td>
            <tr><td>x<td><table><tr><td>in1<td>in2<tr><td><td>in4</table><td>after
            <tr><td>é wide 日本<td>y  <td></table>
            """)
        #expect(page.lines == [
            "Name            Value       Note", "",
            "                only value  n1", "",
            "long name here", "",
            "x               in1  in2    after",
            "                     in4", "",
            "é wide 日本     y",
        ])
    }

    @Test func tablesNestedDeeperThanThreeAreLaidOutAsBlocks() {
        // Three tables deep, each is a grid; the fourth's cells are lines, as lynx shows every table.
        let page = render("<table><tr><td>1<td><table><tr><td>2<td><table><tr><td>3<td><table><tr><td>4a<td>4b</table></table></table></table>")
        #expect(page.lines == ["1  2  3  4a", "         4b"])
    }

    @Test func aTableInATableHeaderIsShownOnceNotBeforeEveryValue() {
        // Found by fuzzing: each header was repeated before every value, so twelve tables each
        // in the last one's header made 2^12 copies of the innermost text.
        func nested(_ depth: Int) -> String {
            depth == 0 ? "deep words" : "<table><tr><th>\(nested(depth - 1))<th>Other</tr><tr><td>first value<td>second value</tr><tr><td>third value<td>fourth value</tr></table>"
        }
        let page = render(nested(12), width: 20)
        // The innermost tables are laid out as blocks (past three levels), so the text is there once.
        #expect(page.lines.filter { $0.contains("deep words") }.count == 1)
        #expect(page.lines.filter { $0.contains("fourth value") }.count == 12)
        #expect(page.lines.count < 300)
    }

    @Test func definitionListsRulesAndImages() {
        #expect(text("<dl><dt>Term<dd>Its meaning</dl><hr><p><img src=a.png alt='A cat'> <img src=b.png alt=''> <img src=c.png>", width: 20) == """
            Term
                Its meaning

            ────────────────────

            [A cat]
            """)
    }

    @Test func linksAreNumberedInDocumentOrderAndResolvedAgainstThePage() throws {
        let page = render("<p><a href='/top'>Top</a> and <a href='next.html#part'>next\n page</a> <a href='http://other.test/'>other</a> <a>no href</a>")
        #expect(page.lines == ["[1]Top and [2]next page [3]other no href"])
        #expect(page.links.map(\.url?.absoluteString) == ["http://example.test/top", "http://example.test/dir/next.html#part", "http://other.test/"])
        #expect(page.links.map(\.text) == ["Top", "next page", "other"])
        #expect(page.links.map(\.column) == [0, 11, 24])
    }

    @Test(arguments: ["a.html", "dir/b.html?x=1#y", "#frag", "#", "", "c%20d.html", "c d.html", "a#b#c", "./x", "../y", "x/./y", "x/../y",
                      "[z]", "mailto:a@b.test", " spaced.html ", "?q=1", "//host.test/p", "/abs", "é.html", "a..b/c"],
          ["http://example.test/dir/page.html?old=1#top", "http://example.test/dir/page.html", "file:///tmp/docs/page.html#top"])
    func linksJoinedAsTextAreTheURLsFoundationResolves(href: String, baseText: String) throws {
        let base = try #require(URL(string: baseText))
        let target = URLResolver.target(of: href, against: URLResolver.Base(base))
        #expect(target == URLResolver.resolve(href, against: base)?.absoluteString)
        #expect(target.map { URL(string: $0) != nil } ?? true)
    }

    @Test func baseHrefChangesWhereRelativeLinksGo() {
        let page = render("<head><base href='http://cdn.test/root/'></head><a href='a.html'>a</a>")
        #expect(page.links.first?.url?.absoluteString == "http://cdn.test/root/a.html")
    }

    @Test func formControlsShowWhereTheyStand() {
        let page = render("""
            <form action=/search method=post>
            <input name=q value=hello size=10> <input type=password name=p value=abc size=5>
            <input type=checkbox name=c checked> <input type=radio name=r value=1> <input type=radio name=r value=2 checked>
            <select name=s><option value=a>Apple<option value=b selected>Banana</select> <select name=t><option>One</select>
            <textarea name=t cols=8>text</textarea> <input type=hidden name=h value=x> <input type=submit value="Send it">
            <button name=go value=1>Go <b>now</b></button>
            </form>
            """)
        #expect(page.lines == [
            "[1][hello_____] [2][***__] [3][x] [4]( ) [5](*) [6][Banana ▾] [7][One ▾]",
            "[8][text____] [9][Send it] [10][Go now]",
        ])
        let form = try! #require(page.forms.first)
        #expect(form.method == .post)
        #expect(form.action.absoluteString == "http://example.test/search")
        #expect(form.fields.map(\.name) == ["q", "p", "c", "r", "r", "s", "t", "t", "h", "", "go"])
    }

    @Test func scriptsStylesTemplatesAndHiddenContentAreSkipped() {
        #expect(text("""
            <style>p { color: red }</style><script>document.write("no")</script><template><p>tpl</template>
            <p>shown</p><p hidden>hidden</p><div style="color: red; display : none">none</div><noscript>fallback</noscript>
            """) == "shown\n\nfallback")
    }

    @Test func brokenMarkupIsReadTheWayBrowsersReadIt() {
        #expect(text("<p>one<p>two<ul><li>a<li>b</ul><table><tr><td>x<td>y<tr><td>z</table></table><b><i>bold</b>italic</i> end") == """
            one

            two

              * a
              * b

            x  y
            z

            bolditalic end
            """)
    }

    @Test func entitiesAreDecoded() {
        #expect(text("<p>&amp; &lt;tag&gt; caf&eacute; &#x263A; &#169; a&nbsp;b &unknown;") == "& <tag> café ☺ © a b &unknown;")
    }

    @Test func wideCharactersTakeTwoColumnsAndBreakAnywhere() {
        let chinese = String(repeating: "中文字符", count: 10)
        let lines = render("<p>\(chinese)</p>", width: 20).lines
        #expect(lines == ["中文字符中文字符中文", "字符中文字符中文字符", "中文字符中文字符中文", "字符中文字符中文字符"])
        let mixed = render("<p>abc 日本語のテキストはスペースなしで続きます end</p>", width: 20).lines
        #expect(mixed == ["abc 日本語のテキスト", "はスペースなしで続き", "ます end"])
    }

    @Test func combiningMarksTakeNoColumn() {
        let decomposed = String(repeating: "e\u{301}", count: 15)
        let lines = render("<p>\(decomposed) \(decomposed)</p>", width: 20).lines
        #expect(lines == [decomposed, decomposed])
    }

    @Test func fragmentTargetsAreFoundByIdAndName() {
        let page = render("<p>top<h2 id=part>Part</h2><p>text<p><a name=old></a>Old anchor")
        #expect(page.fragments["part"] == 2)
        #expect(page.lines[2] == "Part")
        #expect(page.fragments["old"].map { page.lines[$0] } == "Old anchor")
    }

    @Test func aHundredThousandDeepNestingDoesNotCrashAndKeepsItsText() {
        let depth = 100_000
        let html = String(repeating: "<div><span>", count: depth) + "deep text" + String(repeating: "</span></div>", count: depth) + "<p>after"
        let page = render(html)
        #expect(page.lines.contains("deep text"))
        #expect(page.lines.last == "after")
    }

    @Test func theTitleAndAMetaRefreshAreRead() {
        let page = render("<head><title> A  title </title><meta http-equiv=Refresh content=\"3; URL='/next'\"></head><p>x")
        #expect(page.title == "A title")
        #expect(page.refresh == RenderedPage.Refresh(seconds: 3, url: URL(string: "http://example.test/next")!))
    }
}
