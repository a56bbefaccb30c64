import Foundation

/// A kind of patron with loan rules of its own, as a library sets them (a child may have five
/// books for three weeks, staff twenty): `child:days=21,books=5,renewals=1`, each figure not
/// given being the library's own rule.
public struct PatronCategory: Sendable, Hashable {
    public var name: String
    public var loanPeriod: Duration
    public var loanLimit: Int
    public var renewalLimit: Int

    public static let maximumNameLength = 40

    public init(name: String, loanPeriod: Duration, loanLimit: Int, renewalLimit: Int) {
        self.name = name
        self.loanPeriod = loanPeriod
        self.loanLimit = loanLimit
        self.renewalLimit = renewalLimit
    }

    /// Letters, digits and dashes, as cards are written.
    public static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maximumNameLength && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }
    }

    /// "21-day loans, 5 books at once, 1 renewal".
    public var rules: String {
        let days = Int(loanPeriod.components.seconds / 86_400)
        return "\(days)-day loans, \(loanLimit) \(loanLimit == 1 ? "book" : "books") at once, \(renewalLimit) \(renewalLimit == 1 ? "renewal" : "renewals")"
    }

    /// Reads `name:days=21,books=5,renewals=1`; a figure not given is `defaults`' own.
    public init(parsing text: String, defaults: CirculationPolicy) throws(PatronCategoryError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        guard Self.isName(name) else {
            throw PatronCategoryError(text: text, reason: "\"\(name)\" is not a category's name (letters, digits and dashes, at most \(Self.maximumNameLength))")
        }
        self.init(name: name, loanPeriod: defaults.loanPeriod, loanLimit: defaults.loanLimit, renewalLimit: defaults.renewalLimit)
        let rules = parts.count > 1 ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
        for rule in rules {
            let pair = rule.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let key = pair[0]
            let limits: [String: ClosedRange<Int>] = ["days": 1...365, "books": 1...1000, "renewals": 0...100]
            guard let range = limits[key] else {
                throw PatronCategoryError(text: text, reason: "\"\(key)\" is not a rule; the rules are days, books and renewals (child:days=21,books=5,renewals=1)")
            }
            guard pair.count == 2, let value = Int(pair[1]), range.contains(value) else {
                throw PatronCategoryError(text: text, reason: "\(key) takes a number from \(range.lowerBound) to \(range.upperBound)")
            }
            switch key {
            case "days": loanPeriod = .seconds(value * 86_400)
            case "books": loanLimit = value
            default: renewalLimit = value
            }
        }
    }
}
