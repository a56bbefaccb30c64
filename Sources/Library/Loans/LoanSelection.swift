import Foundation

/// Which loans to list, newest first.
public enum LoanSelection: Sendable, Hashable {
    case book(Book.ID)
    case borrower(String)
    /// The patron's loans.
    case patron(Patron.ID)
    /// Open loans due before the date.
    case overdue(at: Date)
    case all
}
