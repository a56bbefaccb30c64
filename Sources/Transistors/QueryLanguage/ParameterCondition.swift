import Foundation
import ListorKit

/// One condition on a parameter: `vce>=40V`, `rds<50mohm`, `idss 2mA..10mA`.
///
/// A part whose datasheet gives a range (hFE 110 to 800) meets a lower bound by its minimum and
/// an upper bound by its maximum, as a designer relies on the worst case; a range asked for
/// (`idss 2mA..10mA`) is met by a part whose own range overlaps it. A part without the figure
/// does not meet the condition.
public struct ParameterCondition: Sendable, Hashable, CustomStringConvertible {
    public enum Bound: Sendable, Hashable {
        case atLeast(Double), greaterThan(Double), atMost(Double), lessThan(Double), equal(Double)
        case between(Double, Double)
    }

    public var parameter: TransistorParameter
    public var bound: Bound

    public init(_ parameter: TransistorParameter, _ bound: Bound) {
        self.parameter = parameter
        self.bound = bound
    }

    public func matches(_ transistor: any Transistor) -> Bool {
        guard let value = parameter.range(of: transistor) else { return false }
        switch bound {
        case .atLeast(let limit): return value.lowerBound >= limit
        case .greaterThan(let limit): return value.lowerBound > limit
        case .atMost(let limit): return value.upperBound <= limit
        case .lessThan(let limit): return value.upperBound < limit
        case .equal(let target): return value.contains(target)
        case .between(let low, let high): return value.overlaps(low...high)
        }
    }

    public var description: String {
        let name = parameter.names[min(1, parameter.names.count - 1)]
        switch bound {
        case .atLeast(let value): return "\(name)>=\(Self.text(value, parameter))"
        case .greaterThan(let value): return "\(name)>\(Self.text(value, parameter))"
        case .atMost(let value): return "\(name)<=\(Self.text(value, parameter))"
        case .lessThan(let value): return "\(name)<\(Self.text(value, parameter))"
        case .equal(let value): return "\(name)=\(Self.text(value, parameter))"
        case .between(let low, let high): return "\(name)=\(Self.text(low, parameter))..\(Self.text(high, parameter))"
        }
    }

    private static func text(_ value: Double, _ parameter: TransistorParameter) -> String {
        parameter.unit.map { Quantity(value, $0).description.replacingOccurrences(of: " ", with: "") } ?? Quantity.unitless(value)
    }
}
