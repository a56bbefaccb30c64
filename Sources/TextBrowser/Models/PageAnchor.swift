import Foundation

/// What a number on the page stands for: a link or a form field.
public struct PageAnchor: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A link; `url` is nil when `href` cannot be made into a URL.
        case link(href: String, url: URL?)
        case field(form: Int, field: Int)
    }

    public var number: Int
    public var kind: Kind
    /// The link's text, whitespace collapsed (a field's label when it has one).
    public var text: String
    /// Where its `[n]` stands on the page.
    public var line: Int = 0
    public var column: Int = 0

    public init(number: Int, kind: Kind, text: String) {
        self.number = number
        self.kind = kind
        self.text = text
    }

    public var url: URL? {
        if case .link(_, let url) = kind { url } else { nil }
    }
}
