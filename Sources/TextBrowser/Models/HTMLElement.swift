/// An element of a parsed page: its name in lower case and its attributes in source order.
public struct HTMLElement: Sendable, Hashable {
    public var name: String
    public var attributes: [Attribute]

    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(name: String, attributes: [Attribute] = []) {
        self.name = name
        self.attributes = attributes
    }

    /// The first attribute called `name` (lower case), or nil.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    public func has(_ attribute: String) -> Bool {
        attributes.contains { $0.name == attribute }
    }

    /// Elements whose content is never shown: scripts, styles, templates and the like.
    static let skipped: Set<String> = ["script", "style", "template", "head", "noembed", "noframes", "object", "svg", "math", "iframe", "frameset", "datalist"]

    /// True when the author hid the element: the `hidden` attribute or an inline `display:none`.
    var isHidden: Bool {
        if has("hidden") { return true }
        if name == "input", self[attribute: "type"]?.lowercased() == "hidden" { return false }
        guard let style = self[attribute: "style"]?.lowercased(), style.contains("display") else { return false }
        let compact = style.filter { !$0.isWhitespace }
        return compact.contains("display:none")
    }
}
