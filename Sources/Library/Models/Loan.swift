import Foundation
import ListorKit
import Tagged

/// One checkout of one book: who, when, until when, and when it came back.
public struct Loan: Sendable, Hashable, Identifiable {
    public typealias ID = Tagged<Loan, Int64>

    public var id: ID
    public var bookID: Book.ID
    public var borrower: String
    public var checkedOut: Date
    public var due: Date
    public var returned: Date?

    public init(id: ID, bookID: Book.ID, borrower: String, checkedOut: Date, due: Date, returned: Date? = nil) {
        self.id = id
        self.bookID = bookID
        self.borrower = borrower
        self.checkedOut = checkedOut
        self.due = due
        self.returned = returned
    }

    public var isOpen: Bool { returned == nil }
}
