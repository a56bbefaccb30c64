/// Which holds to list.
public enum HoldSelection: Sendable, Hashable {
    /// The book's queue: its holds waiting or set aside, first come first.
    case queue(Book.ID)
    /// Every hold the patron has had, newest first.
    case patron(Patron.ID)
    /// Every hold set aside and waiting for collection, the oldest first: for "your hold is ready".
    case ready
}
