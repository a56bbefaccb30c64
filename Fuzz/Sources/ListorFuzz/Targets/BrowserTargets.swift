import Foundation
import TextBrowser

enum BrowserTargets {
    static let url = URL(string: "http://fuzz.test/dir/page.html")!

    /// HTML to text: libxml2's parser, the tree and the layout; the page's numbers, lines and
    /// fragments agree with each other, and none of the layout's private marks is left in a line.
    static let htmlText = FuzzTarget(name: "html-text", summary: "the browser's HTML to text (parser, tree, layout at widths 20–147); anchors, lines and fragments agree; every link target is a URL") { bytes in
        let width = 20 + Int(bytes.first ?? 0) % 128
        let result = PageReader(layout: TextLayout(width: width)).read(Array(bytes.dropFirst()), contentType: "text/html", url: url)
        let page = result.page
        for (index, anchor) in page.anchors.enumerated() {
            require(anchor.number == index + 1, "anchor \(index) is numbered \(anchor.number)")
            require(page.lines.isEmpty || page.lines.indices.contains(anchor.line), "anchor \(anchor.number) on line \(anchor.line) of \(page.lines.count)")
            if let target = anchor.target { require(URL(string: target) != nil, "link \(anchor.number) goes to \(target.debugDescription), which is not a URL") }
            if case .field(let form, let field) = anchor.kind {
                require(page.forms.indices.contains(form) && page.forms[form].fields.indices.contains(field), "anchor \(anchor.number) names no field")
            }
        }
        for (name, line) in page.fragments { require(page.lines.indices.contains(line), "fragment \(name) on line \(line)") }
        for line in page.lines {
            require(!line.unicodeScalars.contains { $0 == "\u{E000}" || $0 == "\u{E001}" }, "a layout mark left in \(line.debugDescription)")
        }
    }

    /// HTML to the web reader's simplified page: containers open and close in pairs, properly
    /// nested, rows only in tables and cells only in rows, and every field names one of the page's.
    static let htmlReader = FuzzTarget(name: "html-reader", summary: "the web reader's HTML to blocks (parser, tree, ArticleExtractor, TextLayout.readerPage); containers balanced and nested as HTML allows; fields exist; an article's left-out parts are inside it; its HTML's tags in pairs") { bytes in
        let page = PageReader().readerPage(bytes, contentType: "text/html", url: url).page
        let document = HTMLParser().parse(String(decoding: bytes, as: UTF8.self))
        if let article = ArticleExtractor().article(in: document) {
            require(document.nodes.indices.contains(article.root) && article.root > 0, "an article outside the page: \(article.root)")
            for part in article.excluded { require(part != article.root && document.contains(article.root, part), "a left-out part \(part) outside the article") }
        }
        let read = PageReader(layout: TextLayout(articleOnly: true)).article(bytes, contentType: "text/html", url: url)
        require(!read.text.contains("\n\n\n"), "more than one blank line between paragraphs")
        // The article's HTML: the page's text escaped, so every tag is the writer's, in pairs
        // (counted in bytes: a combining mark after `>` makes one character of the two).
        let html = Array(read.html.utf8)
        func count(_ pattern: String) -> Int { html.ranges(of: Array(pattern.utf8)).count }
        for tag in ["p", "li", "blockquote", "table", "pre"] {
            require(count("<\(tag)>") + count("<\(tag) ") == count("</\(tag)>"), "unpaired <\(tag)> in the article's HTML")
        }
        var open: [ReaderBlock.Container] = []
        for block in page.blocks {
            switch block {
            case .open(let container):
                switch container {
                case .row: require(open.last == .table, "a row in \(String(describing: open.last))")
                case .cell: require(open.last == .row, "a cell in \(String(describing: open.last))")
                case .item: if case .list? = open.last {} else { require(false, "an item in \(String(describing: open.last))") }
                case .term, .definition: require(open.last == .definitions, "a term in \(String(describing: open.last))")
                default: require(!holdsContainersOnly(open.last), "\(container) directly in \(String(describing: open.last))")
                }
                open.append(container)
                require(open.count <= ReaderPage.maximumNesting + 2, "nested \(open.count) deep")
            case .close(let container):
                require(open.popLast() == container, "\(container) closed out of order")
            case .heading(_, let inlines), .paragraph(let inlines), .preformatted(let inlines):
                require(!holdsContainersOnly(open.last), "text directly in \(String(describing: open.last))")
                for case .field(let form, let field) in inlines {
                    require(page.forms.indices.contains(form) && page.forms[form].fields.indices.contains(field), "a field that is not the page's")
                }
            case .rule:
                require(!holdsContainersOnly(open.last), "a rule directly in \(String(describing: open.last))")
            }
        }
        require(open.isEmpty, "left open: \(open)")
    }

    private static func holdsContainersOnly(_ container: ReaderBlock.Container?) -> Bool {
        switch container {
        case .table?, .row?, .list?, .definitions?: true
        default: false
        }
    }

    /// Character sets: sniffing any bytes, and decoding them in every family of encoding.
    static let charset = FuzzTarget(name: "charset", summary: "the browser's charset sniffing (BOM, HTTP, <meta> prescan) and decoding in UTF-8, UTF-16, single-byte and CJK encodings") { bytes in
        let contentType = bytes.first.map { $0 % 2 == 0 ? "text/html; charset=\(labels[Int($0 / 2) % labels.count])" : "text/html" }
        let detection = CharsetDetector.detect(bytes, contentType: contentType)
        _ = decoder.decode(bytes, as: detection.charset)
        for label in labels {
            guard let charset = Charset(label: label) else { fatalError("invariant broken: \(label) is not a known label") }
            let text = decoder.decode(bytes, as: charset)
            if charset == .windows1252 { require(text.unicodeScalars.count == bytes.count, "windows-1252 is one character per byte") }
        }
        if let valid = String(validating: bytes, as: UTF8.self), !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            require(decoder.decode(bytes, as: .utf8) == valid, "valid UTF-8 decoded differently")
        }
    }

    /// One decoder for the whole run, as a browsing session keeps one: its converters are reused.
    static let decoder = CharsetDecoder()

    static let labels = ["utf-8", "utf-16le", "utf-16be", "windows-1252", "iso-8859-2", "koi8-r", "shift_jis", "euc-jp", "gb18030", "big5", "euc-kr", "iso-2022-jp"]
}
