import Foundation

/// The library's rules of lending: how long a loan lasts, how often it can be renewed, how many
/// books a patron may have, and how long a book waits for the patron it is set aside for.
public struct CirculationPolicy: Sendable, Hashable {
    public var loanPeriod: Duration
    /// Renewals a loan may have.
    public var renewalLimit: Int
    /// Books a patron may have out at once.
    public var loanLimit: Int
    /// How long a book set aside for a hold waits to be collected.
    public var pickupPeriod: Duration

    public init(loanPeriod: Duration = .seconds(14 * 86_400), renewalLimit: Int = 2, loanLimit: Int = 10, pickupPeriod: Duration = .seconds(7 * 86_400)) {
        self.loanPeriod = loanPeriod
        self.renewalLimit = renewalLimit
        self.loanLimit = loanLimit
        self.pickupPeriod = pickupPeriod
    }
}
