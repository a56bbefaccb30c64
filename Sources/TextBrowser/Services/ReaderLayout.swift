import Foundation

/// Turns a parsed page into a `ReaderPage`: the text and its structure, without anything the
/// page would run or style; its main content first, as a reader view shows it, then the rest.
/// The same walk as the text layout's (`PageWalk`), with containers nested at most
/// `maximumNesting` deep: deeper lists, quotes and tables flow into the one that holds them.
public struct ReaderLayout: Sendable {
    public static let maximumNesting = 16
    /// Sizes text fields as the text layout at this width does.
    public var width: Int

    public init(width: Int = 80) {
        self.width = width
    }

    public func render(_ document: HTMLDocument, url: URL) -> ReaderPage {
        var walk = PageWalk(document: document, base: TextLayout.baseURL(of: document, url: url), width: width, layout: ReaderRun(url: url))
        if let main = document.mainContent {
            walk.walk(from: main)
            walk.layout.endMainContent()
            walk.walk(skipping: main)
        } else {
            walk.walk()
        }
        return walk.layout.finish(title: document.title, forms: walk.forms, isTruncated: document.isTruncated)
    }
}
