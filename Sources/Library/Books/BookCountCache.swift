import Synchronization

/// How many books match a query, kept until the library changes: counting the matches of a
/// broad search reads every one of them, while the list asks again for every page.
///
/// Stores keep a change number in the database, moved by triggers on every write to the books
/// and the loans, and read it in the same snapshot as the count; so a count written by one web
/// node is never used by another after the library changed.
public final class BookCountCache: Sendable {
    private struct Key: Hashable {
        let terms: [String]
        let status: BookQuery.Status
    }

    private struct Entry {
        let change: Int64
        let count: Int
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let capacity: Int

    public init(capacity: Int = 1_000) {
        self.capacity = capacity
    }

    /// The count kept for `query` at change `change`. An overdue count is never kept: it changes
    /// as time passes, with no write.
    public func count(_ query: BookQuery, change: Int64) -> Int? {
        kept(query).flatMap { $0.change == change ? $0.count : nil }
    }

    /// The count kept for `query` and the change it was counted at, whatever the change is now:
    /// for a store that asks the database for the count only when the change moved on.
    public func kept(_ query: BookQuery) -> (change: Int64, count: Int)? {
        guard query.status != .overdue else { return nil }
        let key = Key(terms: query.searchTerms, status: query.status)
        return entries.withLock { entries in entries[key].map { ($0.change, $0.count) } }
    }

    public func keep(_ count: Int, for query: BookQuery, change: Int64) {
        guard query.status != .overdue else { return }
        let key = Key(terms: query.searchTerms, status: query.status)
        entries.withLock { entries in
            // Bounded: when full, everything goes, and what is asked again comes back.
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(change: change, count: count)
        }
    }
}
