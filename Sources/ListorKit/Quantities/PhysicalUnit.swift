import Foundation

/// The units Listor shows and parses.
public enum PhysicalUnit: String, Sendable, Hashable, CaseIterable {
    case volt = "V"
    case ampere = "A"
    case watt = "W"
    case hertz = "Hz"
    case ohm = "Ω"

    public var symbol: String { rawValue }

    /// "a voltage", for error messages.
    public var quantityName: String {
        switch self {
        case .volt: "a voltage"
        case .ampere: "a current"
        case .watt: "a power"
        case .hertz: "a frequency"
        case .ohm: "a resistance"
        }
    }

    /// Spellings accepted after a number, compared case-insensitively.
    var spellings: [String] {
        switch self {
        case .volt: ["v", "volt", "volts"]
        case .ampere: ["a", "amp", "amps", "ampere", "amperes"]
        case .watt: ["w", "watt", "watts"]
        case .hertz: ["hz", "hertz"]
        case .ohm: ["ω", "Ω", "ohm", "ohms", "r"]
        }
    }
}
