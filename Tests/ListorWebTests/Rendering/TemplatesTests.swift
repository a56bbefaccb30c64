import Mustache
import Testing
@testable import ListorWeb

/// Pages render as swift-mustache renders their structs, with every `{{…}}` escaped by bytes
/// and fragments put in whole.
@Suite struct TemplatesTests {
    struct Item: Encodable { let name: String }
    struct Page: Encodable {
        let title: String
        let rows: HTMLFragment
        let count: Int
        let isEmpty: Bool
    }

    func templates() throws -> Templates {
        var library = MustacheLibrary()
        try Templates.register(#"<h1 title="{{title}}">{{title}}</h1><ul>{{{rows}}}</ul>{{^isEmpty}}<p>{{count}}</p>{{/isEmpty}}"#, named: "page", in: &library)
        try Templates.register("<li>{{name}}</li>", named: "item", in: &library)
        return try Templates(library: library, requiring: ["page", "item"])
    }

    /// A quote followed by a combining mark is one character that is not a quote; escaping by
    /// character (swift-mustache's own) would leave it, and the attribute would end there.
    @Test func everyValueIsEscapedByBytesAndFragmentsGoInWhole() throws {
        let templates = try templates()
        let rows = try templates.fragment(each: [Item(name: "a<b"), Item(name: "c")], as: "item")
        let title = "x\"\u{301} onmouseover='alert(1)' & <b>"
        let page = String(decoding: try templates.render(Page(title: title, rows: rows, count: 2, isEmpty: false), as: "page"), as: UTF8.self)
        #expect(page == "<h1 title=\"x&quot;\u{301} onmouseover=&#39;alert(1)&#39; &amp; &lt;b&gt;\">x&quot;\u{301} onmouseover=&#39;alert(1)&#39; &amp; &lt;b&gt;</h1>"
            + "<ul><li>a&lt;b</li><li>c</li></ul><p>2</p>")
    }
}
