import Synchronization

/// Where each stretch of a thousand books begins in a list without search (every book, or those
/// on the shelf), kept until the library changes: a deep page then starts at its stretch's first
/// id and skips fewer than a thousand ids, instead of every id before it. Page 1,500 of the
/// whole list, skipping 75,000 ids, took a millisecond or two; from its stretch, microseconds.
///
/// Stores find the starts as far as a page needs them, each from the one before, in the same
/// snapshot as the change number they are kept under.
public final class StretchStarts: Sendable {
    /// Books in a stretch.
    public static let length = 1_000

    private struct Entry {
        let change: Int64
        var starts: [Int64]
    }

    private let entries = Mutex<[BookQuery.Status: Entry]>([:])

    public init() {}

    /// Whether a page of `query` from `offset` is worth starting from its stretch: no search, a
    /// status the books themselves say, and past the first stretch.
    public static func applies(to query: BookQuery, offset: Int) -> Bool {
        query.searchTerms.isEmpty && (query.status == .all || query.status == .available) && offset >= length
    }

    /// The starts kept for `status` at `change`, as far as they were found.
    public func starts(_ status: BookQuery.Status, change: Int64) -> [Int64] {
        entries.withLock { entries in entries[status].flatMap { $0.change == change ? $0.starts : nil } } ?? []
    }

    /// Keeps `starts` for `status` at `change`, unless as many or more are kept already.
    public func keep(_ starts: [Int64], for status: BookQuery.Status, change: Int64) {
        entries.withLock { entries in
            if let kept = entries[status], kept.change == change, kept.starts.count >= starts.count { return }
            entries[status] = Entry(change: change, starts: starts)
        }
    }

    /// The stretch `offset` falls in, when `starts` reach it: the id of its first book and how
    /// many of its books come before the offset.
    public static func stretch(of offset: Int, in starts: [Int64]) -> (id: Int64, skipping: Int)? {
        let stretch = offset / length
        guard stretch < starts.count else { return nil }
        return (starts[stretch], offset % length)
    }

    /// Whether `starts` reach the stretch of `offset`.
    public static func reach(_ offset: Int, _ starts: [Int64]) -> Bool {
        starts.count > offset / length
    }
}
