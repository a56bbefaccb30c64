import Foundation
import ListorKit

/// The search box read as a query language, as parametric part searches take it:
/// `npn to-92 vce>=40V ic>=500mA hfe>=100`, `nmos logic-level vds>=30V rds<=50mohm sot-23`,
/// `jfet n idss 2mA..10mA`.
///
/// Words that name a family, a doping or a package filter by it; `name op value` (or a name
/// and a value, or a range `a..b`) is a condition on a parameter, the unit optional where the
/// parameter implies it; a value alone with its unit is a condition on the figure its unit
/// names (`60V`: a voltage rating of at least 60 V; `2A`, `1W`, `100MHz` likewise;
/// `50mohm`: an Rds(on) of at most 50 mΩ); other words are searched for in the part number, use
/// and package.
/// A token that cannot be used is reported by itself, with what was expected, and left out:
/// the rest of the query still applies.
public struct SearchExpression: Sendable, Hashable {
    /// Words to search for as text.
    public var words: [String] = []
    public var family: TransistorFamily?
    public var doping: DopingFilter?
    public var package: Package?
    /// A MOSFET that switches fully from a logic-level gate: Rds(on) given at 4.5 V or less, or
    /// a threshold of at most 2.5 V.
    public var logicLevel = false
    public var conditions: [ParameterCondition] = []
    /// One per token that could not be used: the token, and why.
    public var problems: [FieldError] = []
    /// Each condition as it was typed, for the messages about it.
    private var typed: [String] = []

    public init() {}

    /// The text search left once the words the language uses are taken out.
    public var textSearch: String { words.joined(separator: " ") }

    /// Whether it filters by anything but words.
    public var hasFilters: Bool {
        family != nil || doping != nil || package != nil || logicLevel || !conditions.isEmpty
    }

    /// Whether `transistor` meets everything but the words.
    public func matches(_ transistor: any Transistor) -> Bool {
        if let family, transistor.family != family { return false }
        if let doping, !doping.includes(transistor) { return false }
        if let package, transistor.package != package { return false }
        if logicLevel, !Self.isLogicLevel(transistor) { return false }
        return conditions.allSatisfy { $0.matches(transistor) }
    }

    static func isLogicLevel(_ transistor: any Transistor) -> Bool {
        guard let mosfet = transistor as? MOSFET else { return false }
        if let gate = mosfet.parameters.onResistanceGateVoltage, abs(gate) <= 4.5 { return true }
        if let threshold = mosfet.parameters.gateThresholdMax, abs(threshold) <= 2.5 { return true }
        return false
    }

    // MARK: - Reading

    public static func parse(_ text: String) -> SearchExpression {
        var expression = SearchExpression()
        let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if let split = Comparison.split(token) {
                expression.addCondition(token: token, name: split.name, comparison: split.comparison, value: split.value)
            } else if TransistorParameter.named(token) != nil, index < tokens.count, Self.looksLikeValue(tokens[index]) {
                // "idss 2mA..10mA", "vce 40V": a name, then its value.
                let value = tokens[index]
                index += 1
                expression.addCondition(token: token + " " + value, name: token, comparison: nil, value: value)
            } else if let (parameter, value) = Self.bareQuantity(token) {
                expression.conditions.append(ParameterCondition(parameter, parameter == .rds ? .atMost(value) : .atLeast(value)))
                expression.typed.append(token)
            } else {
                expression.addWord(token)
            }
        }
        expression.checkFamilies()
        return expression
    }

    /// The operators, longest first so that `>=` is not read as `>`.
    enum Comparison: String, CaseIterable {
        case atLeast = ">=", atMost = "<=", atLeastSign = "≥", atMostSign = "≤", greater = ">", less = "<", equal = "="

        static func split(_ token: String) -> (name: String, comparison: Comparison, value: String)? {
            for comparison in allCases {
                if let range = token.range(of: comparison.rawValue) {
                    return (String(token[..<range.lowerBound]), comparison, String(token[range.upperBound...]))
                }
            }
            return nil
        }
    }

    /// The figure a value with a unit names, and the value: volts a voltage rating, amperes a
    /// current rating, watts the power, hertz fT, ohms Rds(on). Nil for a bare number, or a word
    /// that starts with one (2N3904).
    private static func bareQuantity(_ token: String) -> (TransistorParameter, Double)? {
        guard looksLikeValue(token), token.contains(where: \.isLetter) || token.contains("Ω") else { return nil }
        for parameter in [TransistorParameter.voltage, .current, .power, .ft, .rds] {
            if let unit = parameter.unit, let quantity = try? Quantity.parse(token, as: unit) {
                return (parameter, abs(quantity.value))
            }
        }
        return nil
    }

    private static func looksLikeValue(_ token: String) -> Bool {
        guard let first = token.first else { return false }
        return first.isNumber || first == "." || ((first == "-" || first == "+") && token.dropFirst().first?.isNumber == true)
    }

    private mutating func addCondition(token: String, name: String, comparison: Comparison?, value text: String) {
        let quoted = "\"\(token)\""
        guard !name.isEmpty else {
            problems.append(FieldError(field: quoted, message: "names no parameter; write it like vce>=40V"))
            return
        }
        guard let parameter = TransistorParameter.named(name) else {
            let names = TransistorParameter.allCases.map { $0.names[0] == "v" ? "v/vce/vds" : $0.names[0] == "i" ? "i/ic/id" : $0.names[0] }
            problems.append(FieldError(field: quoted, message: "\"\(name)\" is not a parameter; use one of \(names.joined(separator: ", "))"))
            return
        }
        do {
            let bound: ParameterCondition.Bound
            if let dots = text.range(of: "..") {
                guard comparison == nil || comparison == .equal else {
                    problems.append(FieldError(field: quoted, message: "a range goes with = or no operator, as in \(parameter.names[0])=2mA..10mA"))
                    return
                }
                let low = try Self.value(String(text[..<dots.lowerBound]), of: parameter)
                let high = try Self.value(String(text[dots.upperBound...]), of: parameter)
                guard low <= high else {
                    problems.append(FieldError(field: quoted, message: "the range must go from the smaller value to the larger"))
                    return
                }
                bound = .between(low, high)
            } else {
                let value = try Self.value(text, of: parameter)
                bound = switch comparison {
                case .atLeast?, .atLeastSign?: .atLeast(value)
                case .atMost?, .atMostSign?: .atMost(value)
                case .greater?: .greaterThan(value)
                case .less?: .lessThan(value)
                case .equal?, nil: .equal(value)
                }
            }
            conditions.append(ParameterCondition(parameter, bound))
            typed.append(token)
        } catch {
            problems.append(FieldError(field: quoted, message: error.message))
        }
    }

    private struct ValueError: Error {
        let message: String
    }

    private static func value(_ text: String, of parameter: TransistorParameter) throws(ValueError) -> Double {
        let trimmed = text.trimmed()
        guard let unit = parameter.unit else {
            guard let number = Double(trimmed), number.isFinite else {
                throw ValueError(message: "\"\(trimmed)\" is not a number; \(parameter.label) is a plain number, like 100")
            }
            return number
        }
        do {
            // Every figure is compared by its size; a value with a minus, as datasheets write a
            // P-channel part's (vds>=-30V), is that size.
            return abs(try Quantity.parse(trimmed, as: unit).value)
        } catch {
            throw ValueError(message: error.description)
        }
    }

    private mutating func addWord(_ word: String) {
        let folded = word.lowercased()
        if let family = TransistorFamily.allCases.first(where: { $0.rawValue.lowercased() == folded }) {
            if let chosen = self.family, chosen != family {
                problems.append(FieldError(field: "\"\(word)\"", message: "the query already asks for \(chosen.rawValue); a part has one family"))
            } else {
                self.family = family
            }
        } else if folded == "logic-level" || folded == "logiclevel" {
            logicLevel = true
        } else if let doping = DopingFilter(word) {
            if let chosen = self.doping, chosen != doping {
                problems.append(FieldError(field: "\"\(word)\"", message: "the query already asks for \(chosen.rawValue)"))
            } else {
                self.doping = doping
            }
        } else if Package(word).isKnown {
            let package = Package(word)
            if let chosen = self.package, chosen != package {
                problems.append(FieldError(field: "\"\(word)\"", message: "the query already asks for \(chosen.name); a part has one package"))
            } else {
                self.package = package
            }
        } else {
            words.append(word)
        }
    }

    /// Conditions and dopings that cannot hold for the family asked for are reported and dropped;
    /// a polarity ("n") becomes that family's doping.
    private mutating func checkFamilies() {
        let family = family ?? doping?.family ?? conditions.compactMap(\.parameter.family).first
        if logicLevel, let family, family != .mosfet {
            problems.append(FieldError(field: "\"logic-level\"", message: "applies to MOSFETs; no \(family.rawValue) is logic-level"))
            logicLevel = false
        }
        guard let family else { return }
        if let doping, !doping.families.contains(family) {
            let families = doping.families.map(\.rawValue).joined(separator: " or ")
            problems.append(FieldError(field: "\"\(doping.rawValue.lowercased())\"", message: "is a \(families) doping; this query asks for \(family.rawValue)"))
            self.doping = nil
        }
        var kept: [(ParameterCondition, String)] = []
        for (condition, token) in zip(conditions, typed) {
            if let own = condition.parameter.family, own != family {
                let name = token.prefix { $0.isLetter }
                problems.append(FieldError(field: "\"\(token)\"", message: "\"\(name)\" applies to \(own.rawValue)s; no \(family.rawValue) has it"))
            } else {
                kept.append((condition, token))
            }
        }
        conditions = kept.map(\.0)
        typed = kept.map(\.1)
    }
}
