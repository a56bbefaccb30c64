import Testing
@testable import TextBrowser

/// What the parser keeps of hostile markup, so that a page's parse stays linear in its size.
@Suite struct HTMLParserTests {
    func element(_ tag: HTMLTag, in document: HTMLDocument) throws -> HTMLElement {
        try #require(document.elements(tag).first?.element)
    }

    /// libxml2 checks each attribute against every earlier one of its tag: 200,000 distinct
    /// ones took 46 s. A tag keeps its first 256, and the rest of the page is read as before.
    @Test func aTagKeepsItsFirstAttributesAndThePageGoesOn() throws {
        let attributes = (0..<200_000).map { "a\($0)=\($0)" }.joined(separator: " ")
        let document = HTMLParser().parse("<p \(attributes) class=late>Hello</p><h1 id=after>After</h1>")
        let paragraph = try element(.p, in: document)
        #expect(paragraph.attributes.count == 256)
        #expect(paragraph.attributes.first == HTMLElement.Attribute(name: "a0", value: "0"))
        #expect(paragraph.attributes.last == HTMLElement.Attribute(name: "a255", value: "255"))
        #expect(!paragraph.attributes.contains { $0.name == "class" })
        #expect(try element(.h1, in: document).attributes == [HTMLElement.Attribute(name: "id", value: "after")])
        #expect(document.text(of: 0).contains("HelloAfter"))
    }

    @Test func aRepeatedAttributeKeepsItsFirstValueAsHTMLDoes() throws {
        let repeats = (0..<100).map { "data-n=\($0) Title='t\($0)'" }.joined(separator: " ")
        let document = HTMLParser().parse("<a href=/first \(repeats) href=/second title=x>link</a>")
        let link = try element(.a, in: document)
        #expect(link.attributes == [
            HTMLElement.Attribute(name: "href", value: "/first"), HTMLElement.Attribute(name: "data-n", value: "0"),
            HTMLElement.Attribute(name: "title", value: "t0"),
        ])
    }

    /// Scripts, styles, comments and quoted values are not tags: what looks like attributes
    /// inside them is left as it is.
    @Test func onlyTagsAreTrimmed() throws {
        let many = (0..<300).map { "x\($0)" }.joined(separator: " ")
        let html = "<script>if (a <b \(many)) {}</script><!-- <i \(many)> --><p title='<b \(many)>'>text</p>"
        let filter = AttributeFilter(maximum: 256)
        #expect(filter.filtered(Array(html.utf8)) == Array(html.utf8))
        let document = HTMLParser().parse(html)
        #expect(try element(.p, in: document).attributes.first?.value.hasSuffix("x299>") == true)
    }

    @Test func anOrdinaryPageIsHandedOnUnchanged() {
        let page = Array("<!doctype html><html><body class=a id=b data-x='1 2' hidden><p>Hi <b>there</b></p><img src=x alt=\"y\"/></body></html>".utf8)
        #expect(page.withUnsafeBufferPointer { AttributeFilter(maximum: 256).excess(in: $0) }.isEmpty)
    }
}
