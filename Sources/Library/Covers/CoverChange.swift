/// What a store writes to a book's cover in the same transaction as the rest: a checked cover,
/// or none any more.
public enum CoverChange: Sendable, Hashable {
    case set(StoredCover)
    case remove

    /// The cover a store keeps after the change; nil once removed.
    public var cover: StoredCover? {
        if case .set(let cover) = self { return cover }
        return nil
    }
}
