import Foundation

enum SIPrefix {
    static func symbol(forExponent exponent: Int) -> String {
        switch exponent {
        case -12: "p"
        case -9: "n"
        case -6: "µ"
        case -3: "m"
        case 3: "k"
        case 6: "M"
        case 9: "G"
        default: ""
        }
    }

    /// The exponent a prefix stands for before `unit`. Case is forgiven where no other prefix
    /// is meant (`1ghz`, `2U`, `1K`); `m` is milli and `M` mega, except before hertz, where `m`
    /// is mega too (`100mhz`): no transistor's frequency is in millihertz.
    static func exponent(forSymbol symbol: Character, unit: PhysicalUnit) -> Int? {
        switch symbol {
        case "p": -12
        case "n": -9
        case "u", "U", "µ", "μ": -6
        case "m": unit == .hertz ? 6 : -3
        case "k", "K": 3
        case "M": 6
        case "g", "G": 9
        default: nil
        }
    }
}
