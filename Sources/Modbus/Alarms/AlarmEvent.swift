import Foundation

/// An alarm raised or cleared: when, on which device and variable, which threshold, and the value
/// that did it.
public struct AlarmEvent: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case high, low
    }

    public enum Change: String, Sendable {
        case raised, cleared
    }

    public var time: Date
    public var device: String
    public var register: String
    public var variable: String
    public var unit: String
    public var kind: Kind
    public var change: Change
    public var value: Double
    /// The level crossed: the threshold when raised; when cleared, the level the value came back
    /// past (the threshold less the hysteresis, for a high alarm).
    public var threshold: Double
    /// The variable's digits after the point (`ValueEncoding.shownDecimals`).
    public var decimals: Int?

    public init(time: Date, device: String, register: String, variable: String, unit: String, kind: Kind, change: Change, value: Double, threshold: Double,
                decimals: Int? = nil) {
        self.time = time
        self.device = device
        self.register = register
        self.variable = variable
        self.unit = unit
        self.kind = kind
        self.change = change
        self.value = value
        self.threshold = threshold
        self.decimals = decimals
    }

    /// "high alarm raised on Flow Rate (1-2): 12.5 m3/h, above 10 m3/h".
    public var description: String {
        let unit = self.unit.isEmpty ? "" : " \(self.unit)"
        let side = switch (kind, change) {
        case (.high, .raised): "above"
        case (.low, .raised): "below"
        case (.high, .cleared): "back under"
        case (.low, .cleared): "back over"
        }
        let (value, threshold) = (ValueEncoding.text(value, decimals: decimals), ValueEncoding.text(threshold, decimals: decimals))
        return "\(kind.rawValue) alarm \(change.rawValue) on \(variable) (\(register)): \(value)\(unit), \(side) \(threshold)\(unit)"
    }
}
