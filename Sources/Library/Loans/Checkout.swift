import Foundation

/// A loan about to be opened: who takes the book, when, and when it is due back. Stores write it
/// in the same transaction as the book's other changes, so that a request that adds or edits a
/// book and checks it out does both or neither.
public struct Checkout: Sendable, Hashable {
    public var borrower: String
    /// The patron, when the loan is to one.
    public var patronID: Patron.ID?
    public var date: Date
    public var due: Date

    public init(borrower: String, patronID: Patron.ID? = nil, date: Date, due: Date) {
        self.borrower = borrower
        self.patronID = patronID
        self.date = date
        self.due = due
    }
}
