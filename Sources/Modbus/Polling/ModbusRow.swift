import Foundation
import ListorKit

/// One variable as the spreadsheet shows it. Every value is a string, as the seed's app
/// decodes them.
public struct ModbusRow: Sendable, Hashable {
    /// "1-2": the variable's registers as the map numbers them.
    public var register: String
    public var variableName: String
    public var unit: String
    /// The raw registers in decimal, "63647-15846"; empty until the first good read.
    public var registerValue: String
    /// The value the registers hold as text, exactly as decoded: "0.112778895".
    public var realValue: String
    /// The value as a number, for trends and the feed's `value`; nil until the first good read
    /// and for formats that are not one number.
    public var number: Double?
    /// Set when the last read of this variable failed: the row shows its last good values.
    public var stale: Staleness?

    public struct Staleness: Sendable, Hashable {
        public var error: String
        public var since: Date
    }

    public init(register: String, variableName: String, unit: String, registerValue: String = "", realValue: String = "",
                number: Double? = nil, stale: Staleness? = nil) {
        self.register = register
        self.variableName = variableName
        self.unit = unit
        self.registerValue = registerValue
        self.realValue = realValue
        self.number = number
        self.stale = stale
    }
}
