import Foundation
import ListorKit
import Tagged

/// The rules of lending, the same whatever the store: each takes the state a store read in its
/// transaction and says what to change, or refuses with a `LibraryError`. Every rule first lets
/// holds not collected in time expire, passing the book to the next in the queue.
public struct Circulation: Sendable {
    public let policy: CirculationPolicy

    /// The furthest a due date may be from the checkout: a year, so that a typo (9999-12-31)
    /// does not lend a book for good.
    static let longestLoan: TimeInterval = 366 * 86_400

    public init(policy: CirculationPolicy = CirculationPolicy()) {
        self.policy = policy
    }

    /// Lends the book to the state's patron, until `due` (the loan period from now when nil).
    /// Refused when the book is out, when the patron has their limit of books, and when the book
    /// is set aside for, or awaited by, someone before them; a hold of theirs is collected.
    public func checkOut(_ state: CirculationState, due: Date? = nil) throws -> CirculationChange {
        guard let patron = state.patron else { preconditionFailure("a checkout names its patron") }
        var change = expiring(state)
        let queue = active(state, after: change)
        if let loan = state.book.loan {
            throw LibraryError.onLoan(id: state.book.id, borrower: loan.borrower, since: loan.checkedOut)
        }
        let rules = policy.rules(for: patron.category)
        if state.patronLoans >= rules.loanLimit {
            throw LibraryError.loanLimit(patron: patron.name, limit: rules.loanLimit)
        }
        if let first = queue.first, first.patronID != patron.id {
            throw LibraryError.held(id: state.book.id, for: first.patronName, ready: first.state == .ready, until: first.state == .ready ? first.expires : nil)
        }
        if var own = queue.first {
            own.state = .collected
            own.ended = state.now
            change.holds.append(own)
        }
        let until = due ?? state.now.addingTimeInterval(rules.loanPeriod.timeInterval)
        guard until > state.now else { throw FieldErrors([FieldError(field: "due", message: "is not after the checkout")]) }
        guard until <= state.now.addingTimeInterval(Self.longestLoan) else {
            throw FieldErrors([FieldError(field: "due", message: "is more than a year after the checkout")])
        }
        change.open = Checkout(borrower: patron.name, patronID: patron.id, date: state.now, due: until)
        return change
    }

    /// Gives the open loan another loan period, from its due date or from now if that is later,
    /// by the borrower's rules. Refused past the renewal limit, and while anyone holds the book.
    public func renew(_ state: CirculationState) throws -> CirculationChange {
        var change = expiring(state)
        guard let loan = state.book.loan else { throw LibraryError.notOnLoan(id: state.book.id) }
        let rules = policy.rules(for: state.borrowerCategory)
        guard loan.renewals < rules.renewalLimit else {
            throw LibraryError.renewalLimit(id: state.book.id, limit: rules.renewalLimit)
        }
        let waiting = active(state, after: change)
        guard waiting.isEmpty else { throw LibraryError.renewalHeld(id: state.book.id, holds: waiting.count) }
        change.renewal = max(loan.due, state.now).addingTimeInterval(rules.loanPeriod.timeInterval)
        return change
    }

    /// Ends the open loan; the book is set aside for the first in the queue, if anyone waits.
    public func checkIn(_ state: CirculationState) throws -> CirculationChange {
        guard state.book.loan != nil else { throw LibraryError.notOnLoan(id: state.book.id) }
        var change = expiring(state)
        change.close = true
        change.holds += setAside(active(state, after: change), at: state.now, onShelf: true)
        return change
    }

    /// Puts the state's patron at the end of the book's queue; a book on the shelf that nobody
    /// waits for is set aside for them at once. Refused when they hold it already or have it.
    public func placeHold(_ state: CirculationState) throws -> CirculationChange {
        guard let patron = state.patron else { preconditionFailure("a hold names its patron") }
        var change = expiring(state)
        let queue = active(state, after: change)
        if let own = queue.first(where: { $0.patronID == patron.id }) {
            throw LibraryError.alreadyHolds(id: state.book.id, patron: patron.name, hold: own.id)
        }
        if state.book.loan?.patronID == patron.id {
            throw LibraryError.holdsOwnLoan(id: state.book.id, patron: patron.name)
        }
        var hold = Hold(id: 0, bookID: state.book.id, patronID: patron.id, patronName: patron.name, placed: state.now)
        if state.book.loan == nil, queue.isEmpty {
            hold.state = .ready
            hold.readyAt = state.now
            hold.expires = state.now.addingTimeInterval(policy.pickupPeriod.timeInterval)
        }
        change.place = hold
        return change
    }

    /// Takes the hold out of the queue; a book set aside for it passes to the next.
    public func cancel(_ id: Hold.ID, _ state: CirculationState) throws -> CirculationChange {
        var change = expiring(state)
        guard var hold = active(state, after: change).first(where: { $0.id == id }) else {
            throw LibraryError.holdNotFound(id: id, book: state.book.id)
        }
        hold.state = .cancelled
        hold.ended = state.now
        change.holds.append(hold)
        change.holds += setAside(active(state, after: change), at: state.now, onShelf: state.book.loan == nil)
        return change
    }

    /// Only what time has done: holds not collected in time expire and pass the book on.
    public func expire(_ state: CirculationState) -> CirculationChange {
        expiring(state)
    }

    // MARK: Helpers

    /// Ready holds past their pickup time, expired, and the book set aside for the next.
    private func expiring(_ state: CirculationState) -> CirculationChange {
        var change = CirculationChange()
        for var hold in state.queue where hold.state == .ready && (hold.expires ?? .distantFuture) <= state.now {
            hold.state = .expired
            hold.ended = hold.expires
            change.holds.append(hold)
        }
        guard !change.holds.isEmpty else { return change }
        change.holds += setAside(active(state, after: change), at: state.now, onShelf: state.book.loan == nil)
        return change
    }

    /// The queue as it will be after `change`: the holds still active, in order.
    private func active(_ state: CirculationState, after change: CirculationChange) -> [Hold] {
        let changed = Dictionary(change.holds.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return state.queue.map { changed[$0.id] ?? $0 }.filter(\.state.isActive)
    }

    /// The first waiting hold, set aside, when the book is on the shelf and no hold is ready.
    private func setAside(_ queue: [Hold], at now: Date, onShelf: Bool) -> [Hold] {
        guard onShelf, !queue.contains(where: { $0.state == .ready }), var first = queue.first else { return [] }
        first.state = .ready
        first.readyAt = now
        first.expires = now.addingTimeInterval(policy.pickupPeriod.timeInterval)
        return [first]
    }
}
