/// An element of a parsed page: its name in lower case, what kind of element the layout knows
/// it as, and its attributes in source order.
public struct HTMLElement: Sendable, Hashable {
    public let name: String
    public let tag: HTMLTag
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
        self.init(name: name, tag: HTMLTag(name: name), attributes: attributes)
    }

    /// For the parser, which works out each name's tag once.
    init(name: String, tag: HTMLTag, attributes: [Attribute]) {
        self.name = name
        self.tag = tag
        self.attributes = attributes
    }

    /// The first attribute called `name` (lower case), or nil.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    public func has(_ attribute: String) -> Bool {
        attributes.contains { $0.name == attribute }
    }
}
