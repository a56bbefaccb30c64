import Foundation

/// A measured value in base units (volts, amperes …) with its unit, shown with an SI prefix.
public struct Quantity: Sendable, Hashable, CustomStringConvertible {
    public var value: Double
    public var unit: PhysicalUnit

    public init(_ value: Double, _ unit: PhysicalUnit) {
        self.value = value
        self.unit = unit
    }

    /// "100 mA" for 0.1 A, "45 V", "1.5 kV", "4.4 mΩ": at most four significant digits.
    public var description: String {
        guard value != 0, value.isFinite else { return "\(value == 0 ? "0" : "\(value)") \(unit.symbol)" }
        let exponent = Int((log10(abs(value)) / 3).rounded(.down)) * 3
        var prefixExponent = min(max(exponent, -12), 9)
        var scaled = Quantity.fourSignificantDigits(value / pow(10, Double(prefixExponent)))
        // Rounding can carry 999.96 m into 1000 m; show it as 1 instead.
        if abs(scaled) >= 1000, prefixExponent < 9 {
            prefixExponent += 3
            scaled = Quantity.fourSignificantDigits(scaled / 1000)
        }
        return "\(Quantity.unitless(scaled)) \(SIPrefix.symbol(forExponent: prefixExponent))\(unit.symbol)"
    }

    /// A figure a source may not give, for tables: "45 V", or "—" for none.
    public static func text(_ value: Double?, _ unit: PhysicalUnit) -> String {
        value.map { Quantity($0, unit).description } ?? "—"
    }

    /// Rounds to four significant digits; the shortest decimal form of the result then prints
    /// cleanly ("4.4", not "4.4000000001"). Pages show many quantities, and `String(format:)`
    /// goes through NSString on Linux.
    static func fourSignificantDigits(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return value }
        let scale = pow(10, 3 - (log10(abs(value))).rounded(.down))
        // Below about 1e-305 the scale overflows; such values have no digits to spare anyway.
        guard scale.isFinite else { return value }
        return (value * scale).rounded() / scale
    }
}

extension Quantity {
    /// A number without a unit, as people write it: "110", "2.5", "20000".
    public static func unitless(_ value: Double) -> String {
        JSONValue.numberText(value)
    }

    /// Reads "500mA", "0.5 A", "60V", "1.5kV", "100µA", "2.2 mohm"; a bare number is in base units.
    public static func parse(_ text: String, as unit: PhysicalUnit) throws(QuantityParseError) -> Quantity {
        func failure(_ reason: String) -> QuantityParseError { QuantityParseError(text: text, unit: unit, reason: reason) }
        let trimmed = text.trimmed()
        guard !trimmed.isEmpty else { throw failure("it is empty") }
        let numberEnd = trimmed.firstIndex { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") } ?? trimmed.endIndex
        var numberText = String(trimmed[..<numberEnd])
        var rest = String(trimmed[numberEnd...]).trimmed()
        // An "e" that ends the number is not an exponent ("5e" is never meant); give it back.
        while let last = numberText.last, last == "e" || last == "E" {
            numberText.removeLast()
            rest = String(last) + rest
        }
        guard !numberText.isEmpty, let number = Double(numberText) else {
            let word = trimmed.prefix { $0.isLetter }.lowercased()
            if ["nan", "inf", "infinity"].contains(word) { throw failure("\(trimmed.prefix(word.count)) is not a number a part can have") }
            throw failure("it does not start with a number")
        }
        guard number.isFinite else { throw failure("\(numberText) is too large a number") }
        var multiplier = 1.0
        if !rest.isEmpty, !unit.spellings.contains(rest.lowercased()),
           let prefix = rest.first.flatMap({ SIPrefix.exponent(forSymbol: $0, unit: unit) }) {
            let afterPrefix = String(rest.dropFirst()).trimmed()
            if afterPrefix.isEmpty || unit.spellings.contains(afterPrefix.lowercased()) {
                multiplier = pow(10, Double(prefix))
                rest = afterPrefix
            }
        }
        if !rest.isEmpty, !unit.spellings.contains(rest.lowercased()) {
            throw failure("unknown unit \"\(rest)\"; expected \(unit.symbol) with an optional prefix")
        }
        guard (number * multiplier).isFinite else { throw failure("\(numberText) \(rest.isEmpty ? "" : "with its prefix ")is too large a number") }
        return Quantity(number * multiplier, unit)
    }

    static func examples(for unit: PhysicalUnit) -> String {
        switch unit {
        case .volt: "60V, 1.5kV, 500 mV"
        case .ampere: "500mA, 0.5 A, 2A"
        case .watt: "625mW, 50 W"
        case .hertz: "300MHz, 1 kHz"
        case .ohm: "4.4mΩ, 5 ohm"
        }
    }
}
