import Foundation

/// What a circulation rule decides on: one book as it is, its queue, and the patron acting,
/// read in the transaction that writes the rule's change, so that no other change comes between.
public struct CirculationState: Sendable, Hashable {
    /// The book, with its open loan.
    public var book: Book
    /// Its holds still in the queue (waiting, or ready for collection), first come first.
    public var queue: [Hold]
    /// The patron acting, when there is one.
    public var patron: Patron?
    /// How many books the patron has out.
    public var patronLoans: Int
    /// The category of the patron the book is lent to, whose rules a renewal follows.
    public var borrowerCategory: String?
    /// The time of the action.
    public var now: Date

    public init(book: Book, queue: [Hold], patron: Patron? = nil, patronLoans: Int = 0, borrowerCategory: String? = nil, now: Date) {
        self.book = book
        self.queue = queue
        self.patron = patron
        self.patronLoans = patronLoans
        self.borrowerCategory = borrowerCategory
        self.now = now
    }
}
