import Foundation
import ListorKit

/// An amount of money in minor units (cents) and its currency: never a floating-point number.
public struct Money: Sendable, Hashable, Comparable {
    public var minorUnits: Int
    /// ISO 4217, "EUR".
    public var currency: String

    public init(minorUnits: Int, currency: String = "EUR") {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

    /// "€1,290.00", "€89.50".
    public var formatted: String {
        let symbol = currency == "EUR" ? "€" : currency == "USD" ? "$" : currency == "GBP" ? "£" : currency + " "
        let units = abs(minorUnits) / 100
        let cents = abs(minorUnits) % 100
        var digits = String(units)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (minorUnits < 0 ? "-" : "") + symbol + digits + grouped + "." + (cents < 10 ? "0" : "") + String(cents)
    }

    /// "49.90" or "50" in major units; nil for anything else, negatives included.
    public init?(major text: String, currency: String = "EUR") {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let units = Int(digits: parts[0]), units >= 0, units < 10_000_000 else { return nil }
        var cents = 0
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), parts[1].allSatisfy(\.isNumber), let value = Int(parts[1]) else { return nil }
            cents = parts[1].count == 1 ? value * 10 : value
        }
        self.init(minorUnits: units * 100 + cents, currency: currency)
    }

    /// 30 for 30% below `full`; nil when it is not below it.
    public func percentOff(_ full: Money) -> Int? {
        guard full.minorUnits > 0, self < full else { return nil }
        return Int((Double(full.minorUnits - minorUnits) / Double(full.minorUnits) * 100).rounded())
    }

    /// "49.90": the amount in major units, for query parameters.
    public var majorText: String {
        let cents = minorUnits % 100
        return "\(minorUnits / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
