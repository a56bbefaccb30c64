import Foundation

/// Turns a parsed page into a `ReaderPage`: the text and its structure, without anything the
/// page would run or style. Walked with an explicit stack, like the text layout, and with
/// containers nested at most `maximumNesting` deep: deeper lists, quotes and tables flow into
/// the one that holds them.
public struct ReaderLayout: Sendable {
    public static let maximumNesting = 16
    /// Sizes text fields as the text layout at this width does.
    public var width: Int

    public init(width: Int = 80) {
        self.width = width
    }

    public func render(_ document: HTMLDocument, url: URL) -> ReaderPage {
        var run = ReaderRun(document: document, url: url, baseURL: TextLayout.baseURL(of: document, url: url), width: width)
        run.walk()
        return run.finish()
    }
}
