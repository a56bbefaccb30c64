/// A parsed HTML page as the browser's own tree: every node in one array, linked by index, so
/// that nothing that walks it needs recursion as deep as the markup.
///
/// Node 0 is the root. Children are found through `firstChild` and `nextSibling`; `-1` means none.
/// The nodes hold no text of their own: text and attribute values are ranges of one byte
/// buffer, attributes a range of one list, and names indices into one list of names, so a page
/// of a hundred thousand nodes is a few arrays rather than a few hundred thousand small
/// allocations to make and free. Strings are made when something asks for them.
public struct HTMLDocument: Sendable {
    public enum Kind: UInt8, Sendable {
        case root, element, text
    }

    /// A node in 36 bytes: indices are kept in 32 bits, as the parser keeps far fewer nodes and
    /// bytes than that, and the links of a large page's nodes are most of its tree.
    public struct Node: Sendable {
        public let kind: Kind
        /// The element's tag, nil for text and the root.
        public let tag: HTMLTag?
        private let parentIndex: Int32
        fileprivate var firstChildIndex: Int32 = -1
        fileprivate var lastChildIndex: Int32 = -1
        fileprivate var nextSiblingIndex: Int32 = -1
        private let depthCount: Int32
        /// An element's name, as an index into `names`.
        var name: Int32 = 0
        /// A text node's bytes in `bytes`, or an element's attributes in `attributeList`.
        var start: Int32 = 0
        var end: Int32 = 0

        init(kind: Kind, tag: HTMLTag?, parent: Int, depth: Int, name: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
            self.kind = kind
            self.tag = tag
            parentIndex = Int32(parent)
            depthCount = Int32(depth)
            self.name = name
            self.start = start
            self.end = end
        }

        public var parent: Int { Int(parentIndex) }
        public var firstChild: Int { Int(firstChildIndex) }
        public var lastChild: Int { Int(lastChildIndex) }
        public var nextSibling: Int { Int(nextSiblingIndex) }
        /// How many elements enclose this node.
        public var depth: Int { Int(depthCount) }
    }

    /// One attribute: its name (an index into `names`) and its value's bytes.
    struct AttributeSlot: Sendable {
        var name: Int32
        var start: Int32
        var end: Int32
    }

    public private(set) var nodes: [Node] = [Node(kind: .root, tag: nil, parent: -1, depth: 0)]
    /// True when the page had more nodes than the parser keeps; what follows the limit is dropped.
    public var isTruncated = false
    private(set) var bytes: [UInt8] = []
    private(set) var attributeList: [AttributeSlot] = []
    /// The title, base, meta and link elements, which the layout looks for by kind: the few
    /// of them are found without reading every node.
    private var headElements: [Int] = []
    /// Element and attribute names, lower case, each once.
    private(set) var names: [String] = []
    private var nameIndex: [String: Int32] = [:]

    public init() {}

    public mutating func reserveCapacity(nodes count: Int, bytes byteCount: Int) {
        nodes.reserveCapacity(count)
        bytes.reserveCapacity(byteCount)
        attributeList.reserveCapacity(count)
    }

    // MARK: - Building

    /// The index of `name` in the list of names, added when new.
    mutating func intern(_ name: String) -> Int32 {
        if let index = nameIndex[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }

    /// Adds an attribute for the element appended next; `value` goes to the byte buffer.
    mutating func addAttribute(name: Int32, value: UnsafeBufferPointer<UInt8>) {
        let start = Int32(bytes.count)
        bytes.append(contentsOf: value)
        attributeList.append(AttributeSlot(name: name, start: start, end: Int32(bytes.count)))
    }

    /// Text for the text node appended next; pieces added in a row are one text.
    mutating func addText(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    /// Appends an element, with the attributes added since the last element, as the last
    /// child of `parent`, and returns its index.
    @discardableResult
    mutating func appendElement(name: Int32, tag: HTMLTag, attributesFrom start: Int, to parent: Int) -> Int {
        let index = append(Node(kind: .element, tag: tag, parent: parent, depth: depth(under: parent), name: name,
                                start: Int32(start), end: Int32(attributeList.count)), to: parent)
        if Self.isHeadElement(tag) { headElements.append(index) }
        return index
    }

    private static func isHeadElement(_ tag: HTMLTag) -> Bool {
        tag == .title || tag == .base || tag == .meta || tag == .link
    }

    /// Appends the text added from byte `start` on as the last child of `parent`.
    @discardableResult
    mutating func appendText(from start: Int, to parent: Int) -> Int {
        append(Node(kind: .text, tag: nil, parent: parent, depth: depth(under: parent), start: Int32(start), end: Int32(bytes.count)), to: parent)
    }

    var attributeCount: Int { attributeList.count }
    var byteCount: Int { bytes.count }

    /// Drops text added since byte `start` that no node took.
    mutating func dropBytes(from start: Int) {
        bytes.removeSubrange(start...)
    }

    private func depth(under parent: Int) -> Int {
        parent == 0 ? 0 : nodes[parent].depth + 1
    }

    private mutating func append(_ node: Node, to parent: Int) -> Int {
        let index = Int32(nodes.count)
        nodes.append(node)
        let last = nodes[parent].lastChild
        if last >= 0 {
            nodes[last].nextSiblingIndex = index
        } else {
            nodes[parent].firstChildIndex = index
        }
        nodes[parent].lastChildIndex = index
        return Int(index)
    }

    // MARK: - Reading

    /// The element holding the page's own content, as a reader view finds it: the first `main`
    /// (or element with `role="main"`) that is not hidden, else the page's only `article`; nil
    /// when the page marks none.
    public var mainContent: Int? {
        var articles: [Int] = []
        for index in nodes.indices where nodes[index].kind == .element {
            if nodes[index].tag == .article { articles.append(index) }
            guard nodes[index].tag == .main || attribute("role", of: index)?.lowercased() == "main" else { continue }
            if !isHidden(index) { return index }
        }
        return articles.count == 1 ? articles[0] : nil
    }

    /// Whether `inner` is `outer` or inside it.
    public func contains(_ outer: Int, _ inner: Int) -> Bool {
        var node = inner
        while node > outer { node = nodes[node].parent }
        return node == outer
    }

    /// The children of `index`, in order.
    public func children(of index: Int) -> ChildSequence {
        ChildSequence(nodes: nodes, upcoming: nodes[index].firstChild)
    }

    /// The element at `index`, with its attributes, or nil for text and the root.
    public func element(at index: Int) -> HTMLElement? {
        let node = nodes[index]
        guard node.kind == .element, let tag = node.tag else { return nil }
        let attributes = attributeList[Int(node.start)..<Int(node.end)].map {
            HTMLElement.Attribute(name: names[Int($0.name)], value: string($0.start, $0.end))
        }
        return HTMLElement(name: names[Int(node.name)], tag: tag, attributes: attributes)
    }

    /// The text of a text node, nil for elements and the root.
    public func text(at index: Int) -> String? {
        let node = nodes[index]
        return node.kind == .text ? string(node.start, node.end) : nil
    }

    /// The value of the element's first attribute called `name` (lower case), or nil.
    public func attribute(_ name: String, of index: Int) -> String? {
        guard let slot = slot(name, of: index) else { return nil }
        return string(slot.start, slot.end)
    }

    /// Whether a `style` attribute says `display: none`.
    static func hides(style: ArraySlice<UInt8>) -> Bool {
        PageBytes.contains(displayNone, in: PageBytes.lowercased(style).filter { !PageBytes.isSpace($0) })
    }

    private static let displayNone = Array("display:none".utf8)

    /// Every element called `name` (lower case), in document order.
    func elements(named name: String) -> [Int] {
        guard let id = nameIndex[name] else { return [] }
        return nodes.indices.filter { nodes[$0].kind == .element && nodes[$0].name == id }
    }

    /// The index of an attribute or element name in `names`; nil when no node of the page has it.
    func nameID(_ name: String) -> Int32? {
        nameIndex[name]
    }

    /// The element's attributes: their names (`nameID`) and values (`bytes(of:)`), in order.
    func attributeSlots(of index: Int) -> ArraySlice<AttributeSlot> {
        let node = nodes[index]
        return node.kind == .element ? attributeList[Int(node.start)..<Int(node.end)] : []
    }

    func bytes(of slot: AttributeSlot) -> ArraySlice<UInt8> {
        bytes[Int(slot.start)..<Int(slot.end)]
    }

    /// The same value as the page's bytes, without making a string: for passes that read many.
    func attributeBytes(_ name: String, of index: Int) -> ArraySlice<UInt8>? {
        // Not `slot(…).map { … }`: a closure that reads `bytes` copies the whole document.
        guard let slot = slot(name, of: index) else { return nil }
        return bytes[Int(slot.start)..<Int(slot.end)]
    }

    /// A text node's bytes (empty for elements and the root).
    func textBytes(at index: Int) -> ArraySlice<UInt8> {
        let node = nodes[index]
        return node.kind == .text ? bytes[Int(node.start)..<Int(node.end)] : []
    }

    public func hasAttribute(_ name: String, of index: Int) -> Bool {
        slot(name, of: index) != nil
    }

    private func slot(_ name: String, of index: Int) -> AttributeSlot? {
        let node = nodes[index]
        guard node.kind == .element, node.start < node.end else { return nil }
        for slot in attributeList[Int(node.start)..<Int(node.end)] where names[Int(slot.name)] == name { return slot }
        return nil
    }

    private func string(_ start: Int32, _ end: Int32) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]), as: UTF8.self) }
    }

    /// Every element of a kind, in document order, without recursion.
    public func elements(_ tag: HTMLTag) -> [(index: Int, element: HTMLElement)] {
        let candidates = Self.isHeadElement(tag) ? headElements : Array(nodes.indices)
        return candidates.compactMap { index in
            nodes[index].tag == tag ? element(at: index).map { (index, $0) } : nil
        }
    }

    /// True when the author hid the element: the `hidden` attribute or an inline `display:none`.
    func isHidden(_ index: Int) -> Bool {
        let node = nodes[index]
        guard node.start < node.end else { return false }
        if hasAttribute("hidden", of: index) { return true }
        if node.tag == .input, attribute("type", of: index)?.lowercased() == "hidden" { return false }
        guard let style = attributeBytes("style", of: index) else { return false }
        return Self.hides(style: style)
    }

    /// The text inside `index`, whitespace collapsed, without recursion.
    public func text(of index: Int) -> String {
        var pieces: [UInt8] = []
        var stack = [index]
        while let current = stack.popLast() {
            let node = nodes[current]
            switch node.kind {
            case .text: pieces.append(contentsOf: bytes[Int(node.start)..<Int(node.end)])
            case .element where node.tag?.isSkipped == true: continue
            default:
                var children: [Int] = []
                var child = node.firstChild
                while child >= 0 { children.append(child); child = nodes[child].nextSibling }
                stack.append(contentsOf: children.reversed())
            }
        }
        return String(decoding: pieces, as: UTF8.self).collapsingHTMLWhitespace()
    }

    /// The page's `<title>`, whitespace collapsed; nil when it has none or it is empty.
    public var title: String? {
        guard let index = headElements.first(where: { nodes[$0].tag == .title }) else { return nil }
        let text = text(of: index)
        return text.isEmpty ? nil : text
    }

    public struct ChildSequence: Sequence, IteratorProtocol {
        let nodes: [Node]
        var upcoming: Int

        public mutating func next() -> Int? {
            guard upcoming >= 0 else { return nil }
            defer { upcoming = nodes[upcoming].nextSibling }
            return upcoming
        }
    }
}

extension String {
    /// Runs of HTML whitespace as one space, none at either end.
    func collapsingHTMLWhitespace() -> String {
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var space = false
        for byte in utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                space = !result.isEmpty
                continue
            }
            if space {
                result.append(0x20)
                space = false
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
