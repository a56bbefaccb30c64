import Foundation

/// A response's bytes to a laid-out page: the character set found (or chosen by hand), the
/// text decoded, HTML parsed and laid out, plain text shown as it is.
public struct PageReader: Sendable {
    public var layout: TextLayout
    public var parser: HTMLParser
    public var decoder: CharsetDecoder

    public init(layout: TextLayout = TextLayout(), parser: HTMLParser = HTMLParser(), decoder: CharsetDecoder = CharsetDecoder()) {
        self.layout = layout
        self.parser = parser
        self.decoder = decoder
    }

    public struct Result: Sendable {
        public var page: RenderedPage
        public var charset: CharsetDetector.Detection
        /// The columns it was laid out in.
        public var width: Int
    }

    /// `contentType` as the server sent it (nil when it sent none: then the bytes are looked at).
    public func read(_ bytes: [UInt8], contentType: String?, url: URL, charset override: Charset? = nil) -> Result {
        readWithArticle(bytes, contentType: contentType, url: url, charset: override, article: false).result
    }

    /// The bytes laid out as text and, from the same parse, read for their article: what the
    /// reader's API answers. No article for what is not HTML.
    public func readWithArticle(_ bytes: [UInt8], contentType: String?, url: URL, charset override: Charset? = nil,
                                article: Bool = true) -> (result: Result, article: ReadArticle?) {
        let detection = override.map { CharsetDetector.Detection(charset: $0, source: .override) }
            ?? CharsetDetector.detect(bytes, contentType: contentType)
        let text = decoder.decode(bytes, as: detection.charset)
        let page: RenderedPage
        var found: ReadArticle?
        if Self.isHTML(contentType: contentType, bytes: bytes) {
            let document = parser.parse(text)
            page = layout.render(document, url: url)
            if article {
                var articleLayout = layout
                articleLayout.articleOnly = true
                found = articleLayout.article(document, url: url)
            }
        } else {
            var builder = LineBuilder(width: layout.width)
            builder.preformatted(text.replacingOccurrences(of: "\r\n", with: "\n"))
            page = RenderedPage(title: nil, lines: builder.finish(), anchors: [], forms: [], fragments: [:], baseURL: url)
        }
        return (Result(page: page, charset: detection, width: layout.width), found)
    }

    /// The bytes as a page simplified for reading: HTML through `layout`, plain text as
    /// one `pre`; with the character set found and the page's `<meta http-equiv=refresh>`.
    public func readerPage(_ bytes: [UInt8], contentType: String?, url: URL) -> (page: ReaderPage, charset: CharsetDetector.Detection, refresh: RenderedPage.Refresh?) {
        let detection = CharsetDetector.detect(bytes, contentType: contentType)
        let text = decoder.decode(bytes, as: detection.charset)
        guard Self.isHTML(contentType: contentType, bytes: bytes) else {
            let block = ReaderBlock.preformatted([.text(text.replacingOccurrences(of: "\r\n", with: "\n"), .plain)])
            return (ReaderPage(title: nil, blocks: [block], forms: [], url: url), detection, nil)
        }
        let document = parser.parse(text)
        let page = layout.readerPage(document, url: url)
        return (page, detection, TextLayout.refresh(of: document, base: TextLayout.baseURL(of: document, url: url)))
    }

    /// The bytes read for their article (`layout.articleOnly`) or whole, with the page's
    /// metadata; plain text as one `pre`.
    public func article(_ bytes: [UInt8], contentType: String?, url: URL, charset override: Charset? = nil) -> ReadArticle {
        let detection = override.map { CharsetDetector.Detection(charset: $0, source: .override) }
            ?? CharsetDetector.detect(bytes, contentType: contentType)
        let text = decoder.decode(bytes, as: detection.charset)
        guard Self.isHTML(contentType: contentType, bytes: bytes) else {
            let block = ReaderBlock.preformatted([.text(text.replacingOccurrences(of: "\r\n", with: "\n"), .plain)])
            return ReadArticle(url: url, metadata: ArticleMetadata(), page: ReaderPage(title: nil, blocks: [block], forms: [], url: url), isArticle: false)
        }
        return layout.article(parser.parse(text), url: url)
    }

    /// HTML when the server says so; with no type, when the first bytes look like markup.
    static func isHTML(contentType: String?, bytes: [UInt8]) -> Bool {
        if let type = contentType.flatMap(ContentType.init)?.essence {
            return type == "text/html" || type == "application/xhtml+xml"
        }
        let start = bytes.prefix(512).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return start.first == UInt8(ascii: "<")
    }

    /// Types shown as text: HTML, and `text/*` and the like as they are.
    public static func isReadable(contentType: String?) -> Bool {
        guard let type = contentType.flatMap(ContentType.init)?.essence else { return true }
        return type.hasPrefix("text/") || type == "application/xhtml+xml" || type == "application/json" || type == "application/xml"
            || type.hasSuffix("+xml") || type == "application/javascript"
    }
}
