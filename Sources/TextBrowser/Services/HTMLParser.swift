import CLibXML2

/// HTML text to an `HTMLDocument`, through libxml2's HTML parser, which recovers from broken
/// markup the way browsers' older parsers did (unclosed `p`, `li` and `td`, misnesting, stray
/// end tags).
///
/// libxml2 builds its own tree; it is copied into the browser's tree by a loop with an explicit
/// stack, so neither the copy nor the layout that follows recurses as deep as the markup. Below
/// `maximumDepth` elements are dropped but their text is kept, joined to the deepest element
/// kept; past `maximumNodes` the rest of the page is dropped and the document says so.
public struct HTMLParser: Sendable {
    public var maximumDepth: Int
    public var maximumNodes: Int

    public init(maximumDepth: Int = 256, maximumNodes: Int = 2_000_000) {
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
    }

    public func parse(_ html: String) -> HTMLDocument {
        var document = HTMLDocument()
        // Already decoded: libxml2 is told UTF-8 and so ignores the page's own <meta charset>.
        var bytes = Array(html.utf8)
        // libxml2 reads a NUL as the end of the text; HTML reads it as U+FFFD.
        for index in bytes.indices where bytes[index] == 0 { bytes[index] = 0x3F }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue) | Int32(XML_PARSE_HUGE.rawValue)
        let parsed: htmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(clamping: buffer.count), nil, "UTF-8", options)
                }
            }
        }
        guard let parsed else { return document }
        defer { xmlFreeDoc(parsed) }
        copy(from: parsed, into: &document)
        return document
    }

    /// Walks libxml2's tree in document order with a stack of (its node, our parent).
    private func copy(from parsed: htmlDocPtr, into document: inout HTMLDocument) {
        var stack: [(UnsafeMutablePointer<xmlNode>, Int)] = []
        var child = parsed.pointee.children
        var pending: [UnsafeMutablePointer<xmlNode>] = []
        while let node = child { pending.append(node); child = node.pointee.next }
        stack.append(contentsOf: pending.reversed().map { ($0, 0) })
        while let (node, parent) = stack.popLast() {
            guard document.nodes.count < maximumNodes else {
                document.isTruncated = true
                return
            }
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let into: Int
                if document.nodes[parent].depth >= maximumDepth {
                    into = parent
                } else {
                    into = document.append(.element(element(node)), to: parent)
                }
                pending.removeAll(keepingCapacity: true)
                var next = node.pointee.children
                while let each = next { pending.append(each); next = each.pointee.next }
                for each in pending.reversed() { stack.append((each, into)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    let text = String(cString: content)
                    if !text.isEmpty { document.append(.text(text), to: parent) }
                }
            default:
                continue
            }
        }
    }

    private func element(_ node: UnsafeMutablePointer<xmlNode>) -> HTMLElement {
        let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
        var attributes: [HTMLElement.Attribute] = []
        var property = node.pointee.properties
        while let attribute = property {
            let attributeName = attribute.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            var value = ""
            var part = attribute.pointee.children
            while let piece = part {
                if let content = piece.pointee.content { value += String(cString: content) }
                part = piece.pointee.next
            }
            attributes.append(HTMLElement.Attribute(name: attributeName, value: value))
            property = attribute.pointee.next
        }
        return HTMLElement(name: name, attributes: attributes)
    }
}
