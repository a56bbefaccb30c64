import Mustache
import Testing
@testable import ListorWeb

/// Pages render through templates compiled per shape; they must read exactly as swift-mustache
/// renders the same values, whatever the shape.
@Suite struct CompiledTemplateTests {
    struct Item: Encodable {
        let name: String
        let note: String?
        let isNew: Bool
    }

    struct Page: Encodable {
        let title: String
        let items: [Item]
        let hasItems: Bool
        let footer: String?
        let count: Int
    }

    static let source = """
        <h1 title="{{title}}">{{title}}</h1>{{#hasItems}}<ul>{{#items}}<li{{#isNew}} class="new"{{/isNew}}>{{name}}\
        {{#note}} – {{.}}{{/note}}{{^note}} (no note){{/note}}</li>{{/items}}</ul>{{/hasItems}}\
        {{^hasItems}}<p>Nothing yet.</p>{{/hasItems}}{{#footer}}<footer>{{footer}} · {{title}}</footer>{{/footer}}<p>{{count}}</p>
        """

    func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        try library.register(Self.source, named: TemplateName.home.rawValue)
        try library.register("{{<frame}}{{$body}}<b>{{name}}</b>{{/body}}{{/frame}}", named: TemplateName.option.rawValue)
        try library.register("<div>{{$body}}default{{/body}}</div>", named: "frame")
        return library
    }

    static let hostile = #"<script>alert("x" & 'y')</script>"#

    static let pages = [
        Page(title: "Parts", items: [Item(name: "BC547", note: "NPN", isNew: true), Item(name: "2N7000", note: nil, isNew: false)],
             hasItems: true, footer: "End", count: 2),
        Page(title: hostile, items: [Item(name: hostile, note: hostile, isNew: false)], hasItems: true, footer: nil, count: 1),
        Page(title: "Empty", items: [], hasItems: false, footer: hostile, count: 0),
        Page(title: "Ünïcödé ✓", items: (1...5).map { Item(name: "Part \($0)", note: $0.isMultiple(of: 2) ? "even" : nil, isNew: $0 == 3) },
             hasItems: true, footer: "", count: 5),
    ]

    @Test(arguments: pages.indices)
    func readsAsSwiftMustacheRendersTheSameValues(index: Int) throws {
        let library = try library()
        let templates = try Templates(library: library, requiring: [.home])
        let page = Self.pages[index]
        let expected = try #require(library.render(page, withTemplate: "home"))
        // Twice: the first compiles this shape, the second uses it.
        for _ in 1...2 {
            #expect(String(decoding: try templates.render(page, as: .home), as: UTF8.self) == expected)
        }
    }

    @Test func everyShapeRendersRightAfterTheCacheIsFull() throws {
        let library = try library()
        let templates = try Templates(library: library, requiring: [.home], shapeLimit: 1)
        for page in Self.pages + Self.pages {
            #expect(String(decoding: try templates.render(page, as: .home), as: UTF8.self) == library.render(page, withTemplate: "home"))
        }
    }

    @Test func inheritedBlocksAndFragmentsGoInWhole() throws {
        struct Named: Encodable { let name: String }
        struct Wrapper: Encodable { let body: HTMLFragment; let name: String }
        let library = try library()
        let templates = try Templates(library: library, requiring: [.option])
        let fragment = try templates.fragment(each: [Named(name: "a<b"), Named(name: "c")], as: .option)
        #expect(String(decoding: fragment.bytes, as: UTF8.self) == "<div><b>a&lt;b</b></div><div><b>c</b></div>")
    }

    @Test func templatesWithTransformsAreRefusedAtStartUp() throws {
        #expect(throws: Never.self) { try Templates.checkForTransforms("<p>{{name}} {{#items}}{{.}}{{/items}} (a note)</p>", name: "fine") }
        #expect {
            try Templates.checkForTransforms("<h1>{{title}}</h1>\n<p>{{ uppercased(name) }}</p>", name: "shouty")
        } throws: { error in
            (error as? TemplateError)?.description
                == "template shouty: line 2 uses a transform; compiled pages take values as they are, so format the value in the page struct"
        }
    }
}
