import Foundation

/// One reminder to one patron, due from `due`: a loan due soon, an overdue letter, or a hold set
/// aside. Its `key` names what it reminds of, so that an outbox keeps it once however many times
/// and on however many nodes the schedule is run.
public struct Reminder: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case dueSoon
        /// The first, second or third overdue letter.
        case overdue(Int)
        case holdReady
    }

    public var kind: Kind
    public var patronID: Patron.ID
    public var bookID: Book.ID
    /// When it fell due.
    public var due: Date
    /// "due-soon/loan/12/1796000000": the loan (and its due date, so that a renewed loan is
    /// reminded again), or the hold and when it was set aside.
    public var key: String

    public init(kind: Kind, patronID: Patron.ID, bookID: Book.ID, due: Date, key: String) {
        self.kind = kind
        self.patronID = patronID
        self.bookID = bookID
        self.due = due
        self.key = key
    }
}
