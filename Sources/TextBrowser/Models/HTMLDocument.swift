/// A parsed HTML page as the browser's own tree: every node in one array, linked by index, so
/// that nothing that walks it needs recursion as deep as the markup.
///
/// Node 0 is the root. Children are found through `firstChild` and `nextSibling`; `-1` means none.
public struct HTMLDocument: Sendable {
    public enum Content: Sendable, Hashable {
        case root
        case element(HTMLElement)
        case text(String)
    }

    public struct Node: Sendable {
        public var content: Content
        public var parent: Int
        public var firstChild: Int = -1
        public var lastChild: Int = -1
        public var nextSibling: Int = -1
        /// How many elements enclose this node.
        public var depth: Int
        /// The element's tag, nil for text and the root: kept beside the content so that a
        /// search for one kind of element reads it without copying every element.
        public var tag: HTMLTag?
    }

    public private(set) var nodes: [Node] = [Node(content: .root, parent: -1, depth: 0, tag: nil)]
    /// True when the page had more nodes than the parser keeps; what follows the limit is dropped.
    public var isTruncated = false

    public init() {}

    public mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
    }

    /// Appends `content` as the last child of `parent` and returns its index.
    @discardableResult
    public mutating func append(_ content: Content, to parent: Int) -> Int {
        let index = nodes.count
        let depth = parent == 0 ? 0 : nodes[parent].depth + 1
        var tag: HTMLTag?
        if case .element(let element) = content { tag = element.tag }
        nodes.append(Node(content: content, parent: parent, depth: depth, tag: tag))
        if nodes[parent].lastChild >= 0 {
            nodes[nodes[parent].lastChild].nextSibling = index
        } else {
            nodes[parent].firstChild = index
        }
        nodes[parent].lastChild = index
        return index
    }

    /// The children of `index`, in order.
    public func children(of index: Int) -> ChildSequence {
        ChildSequence(nodes: nodes, upcoming: nodes[index].firstChild)
    }

    public func element(at index: Int) -> HTMLElement? {
        if case .element(let element) = nodes[index].content { return element }
        return nil
    }

    /// Every element of a kind, in document order, without recursion.
    public func elements(_ tag: HTMLTag) -> [(index: Int, element: HTMLElement)] {
        var found: [(Int, HTMLElement)] = []
        for index in nodes.indices where nodes[index].tag == tag {
            if case .element(let element) = nodes[index].content { found.append((index, element)) }
        }
        return found
    }

    /// The text inside `index`, whitespace collapsed, without recursion.
    public func text(of index: Int) -> String {
        var pieces: [String] = []
        var stack = [index]
        while let current = stack.popLast() {
            switch nodes[current].content {
            case .text(let text): pieces.append(text)
            case .element(let element) where element.tag.isSkipped: continue
            default:
                var children: [Int] = []
                var child = nodes[current].firstChild
                while child >= 0 { children.append(child); child = nodes[child].nextSibling }
                stack.append(contentsOf: children.reversed())
            }
        }
        return pieces.joined().collapsingHTMLWhitespace()
    }

    /// The page's `<title>`, whitespace collapsed; nil when it has none or it is empty.
    public var title: String? {
        guard let (index, _) = elements(.title).first else { return nil }
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
