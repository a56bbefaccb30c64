import Foundation

/// A circulation action as a store carries it out: for whom, when, and the rule that decides
/// what changes, given the state the store reads in the action's transaction.
public struct CirculationRequest: Sendable {
    public var patron: PatronReference?
    public var date: Date
    public var rule: @Sendable (CirculationState) throws -> CirculationChange

    public init(patron: PatronReference?, date: Date, rule: @escaping @Sendable (CirculationState) throws -> CirculationChange) {
        self.patron = patron
        self.date = date
        self.rule = rule
    }
}

extension CirculationRequest {
    /// Lends the book as `checkout` says, to the patron it names (or of its borrower's name,
    /// made if need be), without the rules of lending: for imports and tests. Refused with
    /// `LibraryError.onLoan` when the book is out.
    public static func lending(_ checkout: Checkout) -> CirculationRequest {
        CirculationRequest(patron: checkout.patronID.map(PatronReference.id) ?? .name(checkout.borrower), date: checkout.date) { state in
            if let loan = state.book.loan { throw LibraryError.onLoan(id: state.book.id, borrower: loan.borrower, since: loan.checkedOut) }
            var open = checkout
            open.patronID = state.patron?.id
            return CirculationChange(open: open)
        }
    }
}
