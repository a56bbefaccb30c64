/// The elements the layout treats in a way of their own, worked out once per element when the
/// page is parsed, so that laying out a page of many thousand elements switches on a number
/// rather than comparing names. Every other element is `other`: its content is laid out inline.
public enum HTMLTag: String, Sendable, Hashable, CaseIterable {
    case a, address, article, aside, base, blockquote, body, br, button, caption, center, dd, details, dir, div, dl, dt
    case fieldset, figcaption, figure, footer, form, h1, h2, h3, h4, h5, h6, header, hgroup, hr, html, img, input
    case legend, li, link, listing, main, menu, meta, nav, noscript, ol, optgroup, option, p, plaintext, pre
    case search, section, select, summary, table, td, textarea, th, title, tr, ul, xmp
    // Never shown.
    case script, style, template, head, noembed, noframes, object, svg, math, iframe, frameset, datalist
    case other

    public init(name: String) {
        self = Self.byName[name] ?? .other
    }

    private static let byName: [String: HTMLTag] = Dictionary(uniqueKeysWithValues: allCases.filter { $0 != .other }.map { ($0.rawValue, $0) })

    /// Elements whose content is never shown: scripts, styles, templates and the like.
    public var isSkipped: Bool {
        switch self {
        case .script, .style, .template, .head, .noembed, .noframes, .object, .svg, .math, .iframe, .frameset, .datalist: true
        default: false
        }
    }
}
