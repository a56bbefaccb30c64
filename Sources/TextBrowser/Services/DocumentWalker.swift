/// What lays a page out: it is given the page's text and its elements in document order by
/// `HTMLDocument.walk(_:)`.
protocol DocumentWalker {
    mutating func addText(_ text: String)
    /// Starts the element at `node`; false when its content has been dealt with and must not be walked.
    mutating func open(_ tag: HTMLTag, node: Int) -> Bool
    mutating func close(_ tag: HTMLTag, node: Int)
}
