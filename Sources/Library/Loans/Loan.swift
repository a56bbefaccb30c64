import Foundation
import ListorKit
import Tagged

/// One checkout of one book: who, when, until when, and when it came back.
public struct Loan: Sendable, Hashable, Identifiable {
    public typealias ID = Tagged<Loan, Int64>

    public var id: ID
    public var bookID: Book.ID
    /// The borrower's name as it was at checkout.
    public var borrower: String
    /// The patron who borrowed it; nil for a loan from before patrons.
    public var patronID: Patron.ID?
    public var checkedOut: Date
    public var due: Date
    public var returned: Date?
    /// How many times the loan was renewed.
    public var renewals: Int

    public init(id: ID, bookID: Book.ID, borrower: String, patronID: Patron.ID? = nil, checkedOut: Date, due: Date, returned: Date? = nil,
                renewals: Int = 0) {
        self.id = id
        self.bookID = bookID
        self.borrower = borrower
        self.patronID = patronID
        self.checkedOut = checkedOut
        self.due = due
        self.returned = returned
        self.renewals = renewals
    }

    public var isOpen: Bool { returned == nil }
}
