import CLibXML2

/// HTML text to an `HTMLDocument`, through libxml2's HTML parser, which recovers from broken
/// markup the way browsers' older parsers did (unclosed `p`, `li` and `td`, misnesting, stray
/// end tags).
///
/// libxml2 reports the page as events (SAX): an element starts, text, an element ends, with the
/// implied ends of unclosed elements already worked out. `TreeBuilder` turns them into the
/// browser's tree directly, without libxml2 building a tree of its own to be copied and freed
/// (on a 2.5 MB page that was a third of the time). Its stack of open elements is a heap array,
/// so neither the building nor the layout that follows recurses as deep as the markup. Below
/// `maximumDepth` elements are dropped but their text is kept, joined to the deepest element
/// kept; past `maximumNodes` the rest of the page is dropped and the document says so. A tag
/// keeps its first `maximumAttributes` attributes (`AttributeFilter`), so that the parse stays
/// linear in the page's size.
public struct HTMLParser: Sendable {
    public var maximumDepth: Int
    public var maximumNodes: Int
    public var maximumAttributes: Int

    public init(maximumDepth: Int = 256, maximumNodes: Int = 2_000_000, maximumAttributes: Int = 256) {
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
        self.maximumAttributes = maximumAttributes
    }

    /// libxml2's global state, set up once before any parse: left to the first parses, two
    /// threads starting at once can deadlock on its own lock (seen in the test run).
    private static let libraryReady: Void = xmlInitParser()

    public func parse(_ html: String) -> HTMLDocument {
        Self.libraryReady
        // Already decoded: libxml2 is told UTF-8 and to ignore the page's own <meta charset>.
        var bytes = AttributeFilter(maximum: maximumAttributes).filtered(Array(html.utf8))
        // libxml2 reads a NUL as the end of the text; HTML reads it as U+FFFD.
        for index in bytes.indices where bytes[index] == 0 { bytes[index] = 0x3F }
        // The document counts its bytes in 32 bits; a page is capped far below that when fetched.
        if bytes.count > Int(Int32.max / 2) { bytes.removeSubrange(Int(Int32.max / 2)...) }
        guard !bytes.isEmpty else { return HTMLDocument() }
        // Pages of the Python documentation have about one node for every 25 bytes, and about
        // two thirds of their bytes are text and attribute values.
        let builder = TreeBuilder(maximumDepth: maximumDepth, maximumNodes: maximumNodes, expectedNodes: bytes.count / 25, expectedBytes: bytes.count * 2 / 3)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                guard let context = htmlCreateMemoryParserCtxt(text.baseAddress, Int32(clamping: text.count)) else { return }
                defer {
                    if let document = context.pointee.myDoc { xmlFreeDoc(document) }
                    htmlFreeParserCtxt(context)
                }
                let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                    | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue) | Int32(XML_PARSE_HUGE.rawValue)
                htmlCtxtUseOptions(context, options)
                // Otherwise libxml2 takes the first byte over 0x7F as a sign of Latin-1.
                xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)
                context.pointee.sax.pointee = TreeBuilder.handler()
                context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
                builder.context = context
                htmlParseDocument(context)
            }
        }
        return builder.finish()
    }
}

/// libxml2's events to the tree, one parse at a time.
private final class TreeBuilder {
    private var document = HTMLDocument()
    /// The open elements as libxml2 sees them: libxml2's name for each (interned, so compared
    /// by address) and the node its content goes to (the nearest kept ancestor, below the depth limit).
    private var open: [(name: UnsafePointer<xmlChar>?, node: Int)] = []
    /// Where the text not yet in the tree starts in the document's bytes: libxml2 reports a
    /// run of text in pieces.
    private var textStart = 0
    /// libxml2's names (one copy of each, so known by address) as the document's names and tags.
    private var names: [UnsafeRawPointer: (name: Int32, tag: HTMLTag)] = [:]
    private let maximumDepth: Int
    private let maximumNodes: Int
    var context: htmlParserCtxtPtr?

    init(maximumDepth: Int, maximumNodes: Int, expectedNodes: Int, expectedBytes: Int) {
        self.maximumDepth = maximumDepth
        // The document counts its nodes in 32 bits.
        self.maximumNodes = min(maximumNodes, Int(Int32.max))
        document.reserveCapacity(nodes: min(expectedNodes, maximumNodes), bytes: expectedBytes)
    }

    private var parent: Int { open.last?.node ?? 0 }

    /// The events the builder takes; everything else (comments, processing instructions, errors) is ignored.
    static func handler() -> htmlSAXHandler {
        var handler = htmlSAXHandler()
        handler.initialized = 1
        handler.startElement = { context, name, attributes in
            TreeBuilder.from(context).start(name, attributes)
        }
        handler.endElement = { context, name in
            TreeBuilder.from(context).end(name)
        }
        handler.characters = { context, characters, length in
            TreeBuilder.from(context).characters(characters, length)
        }
        handler.cdataBlock = handler.characters
        return handler
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> TreeBuilder {
        guard let context else { fatalError("libxml2 called back without the builder") }
        return Unmanaged<TreeBuilder>.fromOpaque(context).takeUnretainedValue()
    }

    private func start(_ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        flushText()
        let parent = parent
        guard document.nodes[parent].depth < maximumDepth else {
            open.append((name, parent))
            return
        }
        guard reserveNode() else { return }
        let (elementName, tag) = interned(name)
        // libxml2's attributes: name, value (nil when it had none), …, then nil.
        let firstAttribute = document.attributeCount
        if let attributes {
            var index = 0
            while let attributeName = attributes[index] {
                let value = attributes[index + 1]
                document.addAttribute(name: interned(attributeName).name, value: UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value))))
                index += 2
            }
        }
        let node = document.appendElement(name: elementName, tag: tag, attributesFrom: firstAttribute, to: parent)
        open.append((name, node))
        textStart = document.byteCount
    }

    private func end(_ name: UnsafePointer<xmlChar>?) {
        flushText()
        // libxml2 closes what it opened, innermost first; an end it reports for an element it
        // never opened here closes nothing.
        if let last = open.last, last.name == name {
            open.removeLast()
        } else if let position = open.lastIndex(where: { xmlStrEqual($0.name, name) != 0 }) {
            open.removeSubrange(position...)
        }
    }

    private func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard let characters, length > 0, !document.isTruncated else { return }
        document.addText(UnsafeBufferPointer(start: characters, count: Int(length)))
    }

    private func flushText() {
        guard document.byteCount > textStart else { return }
        if reserveNode() {
            document.appendText(from: textStart, to: parent)
        } else {
            document.dropBytes(from: textStart)
        }
        textStart = document.byteCount
    }

    /// False, and the parse stopped, when the document has as many nodes as it may.
    private func reserveNode() -> Bool {
        guard document.nodes.count >= maximumNodes else { return true }
        if !document.isTruncated, let context { xmlStopParser(context) }
        document.isTruncated = true
        return false
    }

    /// libxml2 keeps one copy of each name, so each is made into a string and a tag once.
    private func interned(_ name: UnsafePointer<xmlChar>?) -> (name: Int32, tag: HTMLTag) {
        guard let name else { return (document.intern(""), .other) }
        if let known = names[UnsafeRawPointer(name)] { return known }
        let text = String(cString: name)
        let entry = (document.intern(text), HTMLTag(name: text))
        names[UnsafeRawPointer(name)] = entry
        return entry
    }

    func finish() -> HTMLDocument {
        flushText()
        return document
    }
}
