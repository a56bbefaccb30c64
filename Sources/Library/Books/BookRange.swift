/// Which of the books matching a query a store returns, in id order: those after a book (for
/// reading a whole list in batches without skipping or repeating one), from an offset (for
/// numbered pages), at most `limit`.
public struct BookRange: Sendable, Hashable {
    public var after: Book.ID?
    public var offset: Int
    public var limit: Int

    public init(after: Book.ID? = nil, offset: Int = 0, limit: Int) {
        self.after = after
        self.offset = offset
        self.limit = limit
    }
}
