import Foundation

/// A page laid out as text: its lines, its numbered links and form fields, its forms and
/// where its fragment targets are.
public struct RenderedPage: Sendable {
    public var title: String?
    public var lines: [String]
    /// Links and form fields, numbered from 1 in document order: `anchors[n - 1]` is `[n]`.
    public var anchors: [PageAnchor]
    public var forms: [PageForm]
    /// Line of each `id` (and `<a name>`) on the page.
    public var fragments: [String: Int]
    /// The URL relative links resolve against: `<base href>`, or the page's own.
    public var baseURL: URL
    /// A `<meta http-equiv=refresh>`: after how many seconds, to where.
    public var refresh: Refresh?
    /// Laid out for its article alone (`TextLayout.articleOnly`), but the page has none: it is
    /// laid out whole, and the views say so.
    public var articleMissing = false

    public struct Refresh: Sendable, Hashable {
        public var seconds: Int
        public var url: URL

        public init(seconds: Int, url: URL) {
            self.seconds = seconds
            self.url = url
        }
    }

    public init(title: String?, lines: [String], anchors: [PageAnchor], forms: [PageForm], fragments: [String: Int], baseURL: URL, refresh: Refresh? = nil) {
        self.title = title
        self.lines = lines
        self.anchors = anchors
        self.forms = forms
        self.fragments = fragments
        self.baseURL = baseURL
        self.refresh = refresh
    }

    /// The links alone (no form fields), in order.
    public var links: [PageAnchor] {
        anchors.filter { if case .link = $0.kind { true } else { false } }
    }

    public func anchor(_ number: Int) -> PageAnchor? {
        anchors.indices.contains(number - 1) ? anchors[number - 1] : nil
    }
}
