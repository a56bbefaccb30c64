import Foundation

/// What a number on the page stands for: a link or a form field.
public struct PageAnchor: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A link: `href` as written and `target`, the absolute URL it resolves to (nil when it
        /// cannot be made into one). The target is kept as text, a valid URL, and made into a
        /// `URL` only when asked: a page of thousands of links is laid out without parsing them.
        case link(href: String, target: String?)
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
        if case .link(_, let target) = kind { target.flatMap { URL(string: $0) } } else { nil }
    }

    /// The link's absolute URL as text; nil for a field or a link that goes nowhere.
    public var target: String? {
        if case .link(_, let target) = kind { target } else { nil }
    }
}
