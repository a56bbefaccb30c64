import Foundation

/// What the library refuses, in words a person can act on.
public enum LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(id: Book.ID)
    case onLoan(id: Book.ID, borrower: String, since: Date)
    case notOnLoan(id: Book.ID)
    case versionMismatch(id: Book.ID, current: Int)
    case patronNotFound(id: Patron.ID)
    case patronChanged(id: Patron.ID, current: Int)
    case cardNotFound(card: String)
    /// Another patron has this card number.
    case cardTaken(card: String, by: Patron.ID)
    case loanLimit(patron: String, limit: Int)
    /// Someone is before the patron in the book's queue: set aside for them, or waited for.
    case held(id: Book.ID, for: String, ready: Bool, until: Date? = nil)
    case renewalLimit(id: Book.ID, limit: Int)
    case renewalHeld(id: Book.ID, holds: Int)
    case alreadyHolds(id: Book.ID, patron: String, hold: Hold.ID)
    case holdsOwnLoan(id: Book.ID, patron: String)
    case holdNotFound(id: Hold.ID, book: Book.ID)
    /// A patron with books out or holds in a queue is not deleted.
    case patronBusy(name: String, loans: Int, holds: Int)

    public var description: String {
        switch self {
        case .notFound(let id): "there is no book \(id)"
        case .onLoan(let id, let borrower, _): "book \(id) is already checked out by \(borrower)"
        case .notOnLoan(let id): "book \(id) is not checked out"
        case .versionMismatch(let id, let current): "book \(id) has changed since it was read (it is now version \(current)); read it again"
        case .patronNotFound(let id): "there is no patron \(id)"
        case .patronChanged(let id, let current): "patron \(id) has changed since it was read (it is now version \(current)); read it again"
        case .cardNotFound(let card): "no patron has the card \(card)"
        case .cardTaken(let card, let other): "the card \(card) is patron \(other)'s already"
        case .loanLimit(let patron, let limit): "\(patron) has \(limit) \(limit == 1 ? "book" : "books") out already, the most they may have"
        case .held(let id, let patron, true, let until):
            "book \(id) is on the hold shelf for \(patron)" + (until.map { " until \(BookDates.day($0, timeZone: .current))" } ?? "")
        case .held(let id, let patron, false, _): "book \(id) is held: \(patron) is first in its queue"
        case .renewalLimit(let id, 0): "book \(id)'s loan cannot be renewed: its borrower's loans are not renewed"
        case .renewalLimit(let id, let limit): "book \(id)'s loan has been renewed \(limit) \(limit == 1 ? "time" : "times"), the most a loan may be"
        case .renewalHeld(let id, let holds): "book \(id) cannot be renewed: \(holds) \(holds == 1 ? "patron is" : "patrons are") waiting for it"
        case .alreadyHolds(let id, let patron, let hold): "\(patron) holds book \(id) already (hold \(hold))"
        case .holdsOwnLoan(let id, let patron): "\(patron) has book \(id) out now"
        case .holdNotFound(let id, let book): "book \(book) has no hold \(id) in its queue"
        case .patronBusy(let name, let loans, let holds):
            "\(name) has " + [loans > 0 ? (loans == 1 ? "1 book out" : "\(loans) books out") : nil, holds > 0 ? (holds == 1 ? "1 hold" : "\(holds) holds") : nil]
                .compactMap { $0 }.joined(separator: " and ") + "; check the books in and cancel the holds first"
        }
    }

    /// The refusal as `audience` may read it: visitors are told that another patron has the
    /// book or waits for it, never who, nor the name of a card's patron.
    public func seen(by audience: Audience) -> LibraryError {
        guard audience == .visitors else { return self }
        return switch self {
        case .onLoan(let id, _, let since): .onLoan(id: id, borrower: "another patron", since: since)
        case .loanLimit(_, let limit): .loanLimit(patron: "the patron", limit: limit)
        case .held(let id, _, let ready, let until): .held(id: id, for: "another patron", ready: ready, until: until)
        case .alreadyHolds(let id, _, let hold): .alreadyHolds(id: id, patron: "the patron", hold: hold)
        case .holdsOwnLoan(let id, _): .holdsOwnLoan(id: id, patron: "the patron")
        default: self
        }
    }

    /// A word for the kind of refusal, for the API's answers: "loanLimit", "held".
    public var reason: String {
        switch self {
        case .notFound: "notFound"
        case .onLoan: "onLoan"
        case .notOnLoan: "notOnLoan"
        case .versionMismatch: "versionMismatch"
        case .patronNotFound: "patronNotFound"
        case .patronChanged: "patronChanged"
        case .cardNotFound: "cardNotFound"
        case .cardTaken: "cardTaken"
        case .loanLimit: "loanLimit"
        case .held: "held"
        case .renewalLimit: "renewalLimit"
        case .renewalHeld: "renewalHeld"
        case .alreadyHolds: "alreadyHolds"
        case .holdsOwnLoan: "holdsOwnLoan"
        case .holdNotFound: "holdNotFound"
        case .patronBusy: "patronBusy"
        }
    }

    /// Whether the library refuses what was asked (as opposed to not finding what was named).
    public var isRefusal: Bool {
        switch self {
        case .notFound, .patronNotFound, .cardNotFound, .holdNotFound: false
        default: true
        }
    }
}
