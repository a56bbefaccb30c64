/// A book after a circulation action: its loan, its queue, the hold placed (if one was), and
/// the hold it is now set aside for (if the action set it aside).
public struct CirculationOutcome: Sendable, Hashable {
    public var book: Book
    /// Its holds still in the queue, first come first.
    public var queue: [Hold]
    public var placed: Hold?
    public var setAside: Hold?

    public init(book: Book, queue: [Hold], placed: Hold? = nil, setAside: Hold? = nil) {
        self.book = book
        self.queue = queue
        self.placed = placed
        self.setAside = setAside
    }

    /// The hold of `queue` set aside by the action: ready now, and not before it.
    public static func newlyReady(_ queue: [Hold], before: [Hold]) -> Hold? {
        let wasReady = Set(before.filter { $0.state == .ready }.map(\.id))
        return queue.first { $0.state == .ready && !wasReady.contains($0.id) }
    }

    /// The place of `hold` in the queue, from 1; nil when it is not in it.
    public func place(of hold: Hold.ID) -> Int? {
        queue.firstIndex { $0.id == hold }.map { $0 + 1 }
    }
}
