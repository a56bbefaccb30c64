import Foundation
import Tagged

/// One reminder to one patron, due from `due`: a loan due soon, an overdue letter, or a hold set
/// aside. Its `key` names what it reminds of, so that an outbox keeps it once however many times
/// and on however many nodes the schedule is run.
public struct Reminder: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case dueSoon
        /// The policy's first, second or third overdue letter (a loan overdue for long may skip
        /// the first two; its letter is numbered by those actually sent).
        case overdue(Int)
        case holdReady

        /// "due-soon", "overdue-2", "hold-ready": as keys and the outbox name it.
        public var name: String {
            switch self {
            case .dueSoon: "due-soon"
            case .overdue(let number): "overdue-\(number)"
            case .holdReady: "hold-ready"
            }
        }

        public init?(name: String) {
            switch name {
            case "due-soon": self = .dueSoon
            case "hold-ready": self = .holdReady
            default:
                guard name.hasPrefix("overdue-"), let number = Int(name.dropFirst(8)), (1...3).contains(number) else { return nil }
                self = .overdue(number)
            }
        }
    }

    public var kind: Kind
    public var patronID: Patron.ID
    public var bookID: Book.ID
    /// The loan it reminds of (due soon, overdue), or the hold (ready).
    public var loanID: Loan.ID?
    public var holdID: Hold.ID?
    /// When it fell due.
    public var due: Date
    /// "due-soon/loan/12/1796000000": the loan (and its due date, so that a renewed loan is
    /// reminded again), or the hold and when it was set aside.
    public var key: String

    public init(kind: Kind, patronID: Patron.ID, bookID: Book.ID, loanID: Loan.ID? = nil, holdID: Hold.ID? = nil, due: Date, key: String) {
        self.kind = kind
        self.patronID = patronID
        self.bookID = bookID
        self.loanID = loanID
        self.holdID = holdID
        self.due = due
        self.key = key
    }
}
