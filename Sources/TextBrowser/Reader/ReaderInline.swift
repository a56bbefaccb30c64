import Foundation

/// A piece of a reader block's text: text in a style, a link, an image's alternative text, a
/// line break, a place a link can jump to, or a form field.
public enum ReaderInline: Sendable, Hashable {
    case text(String, Style)
    case link(String, Target)
    /// An image, as its alternative text; `source` is the image's http or https URL.
    case image(alt: String, source: URL?)
    case lineBreak
    /// An `id` (or `<a name>`) of the page: where `#id` links land.
    case anchor(String)
    /// Field `field` of form `form` of the page.
    case field(form: Int, field: Int)

    public enum Style: Sendable, Hashable {
        case plain, strong, emphasis, code
    }

    /// Where a link goes.
    public enum Target: Sendable, Hashable {
        /// Another page (or another place in one), over http or https.
        case web(URL)
        /// A place in this page.
        case fragment(String)
        case mail(URL)
        /// Nowhere a reader can follow: `javascript:`, a broken URL, another scheme.
        case unusable
    }

    /// The label of a link with no words (around an icon, or a picture left out).
    static let wordlessLink = "[link]"

    var plainText: String {
        switch self {
        case .text(let text, _), .link(let text, _): text
        case .image(let alt, _): "[" + alt + "]"
        case .lineBreak: "\n"
        case .anchor, .field: ""
        }
    }
}
