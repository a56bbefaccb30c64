import Foundation

/// The library's rules of lending: how long a loan lasts, how often it can be renewed, how many
/// books a patron may have, and how long a book waits for the patron it is set aside for; a
/// patron of one of its `categories` lends by that category's rules instead.
public struct CirculationPolicy: Sendable, Hashable {
    public var loanPeriod: Duration
    /// Renewals a loan may have.
    public var renewalLimit: Int
    /// Books a patron may have out at once.
    public var loanLimit: Int
    /// How long a book set aside for a hold waits to be collected.
    public var pickupPeriod: Duration
    /// The kinds of patron with rules of their own, by name.
    public var categories: [PatronCategory]

    public init(loanPeriod: Duration = .seconds(14 * 86_400), renewalLimit: Int = 2, loanLimit: Int = 10, pickupPeriod: Duration = .seconds(7 * 86_400),
                categories: [PatronCategory] = []) {
        self.loanPeriod = loanPeriod
        self.renewalLimit = renewalLimit
        self.loanLimit = loanLimit
        self.pickupPeriod = pickupPeriod
        self.categories = categories
    }

    /// The category named so, whatever its case.
    public func category(named name: String?) -> PatronCategory? {
        guard let name else { return nil }
        return categories.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The rules for a patron of `category`: its own, or the library's when it has none (or one
    /// the library no longer has).
    public func rules(for category: String?) -> CirculationPolicy {
        guard let found = self.category(named: category) else { return self }
        var rules = self
        rules.loanPeriod = found.loanPeriod
        rules.loanLimit = found.loanLimit
        rules.renewalLimit = found.renewalLimit
        return rules
    }
}
