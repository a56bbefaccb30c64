import ListorKit
import Testing

/// Descriptions from catalogue files made safe: the allow-list kept bare, everything else escaped.
@Suite struct InlineHTMLTests {
    @Test(arguments: [
        ("<p>Light <b>linen</b>, <em>cool</em>.</p>", "<p>Light <b>linen</b>, <em>cool</em>.</p>"),
        (#"<b onclick="steal()">x</b>"#, "<b>x</b>"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        (#"<img src=x onerror="alert(1)">"#, "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"),
        (#"<a href="javascript:alert(1)">go</a>"#, "&lt;a href=&quot;javascript:alert(1)&quot;&gt;go&lt;/a&gt;"),
        ("<B>loud</b>", "<b>loud</b>"),
        ("<b><i>unclosed", "<b><i>unclosed</i></b>"),
        ("<b>one</i>two</b>", "<b>onetwo</b>"),
        ("</p>stray close", "stray close"),
        ("a<br/>b<br>c", "a<br>b<br>c"),
        ("<!-- a comment --><style>p{}</style>", "&lt;!-- a comment --&gt;&lt;style&gt;p{}&lt;/style&gt;"),
        ("Fish &amp; chips &eacute; &#233; &#xE9; & more &bogus", "Fish &amp; chips &eacute; &#233; &#xE9; &amp; more &amp;bogus"),
        (#"<b title="a>b">x</b>"#, "<b>x</b>"),
        ("<b <i>>x", "&lt;b <i>&gt;x</i>"),
        ("5 < 6 > 4 \"quoted\" 'single'", "5 &lt; 6 &gt; 4 &quot;quoted&quot; &#39;single&#39;"),
    ])
    func markupIsKeptOrEscaped(_ input: String, _ expected: String) {
        #expect(InlineHTML.sanitized(input) == expected)
    }
}
