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

    static func exponent(forSymbol symbol: Character) -> Int? {
        switch symbol {
        case "p": -12
        case "n": -9
        case "u", "µ", "μ": -6
        case "m": -3
        case "k", "K": 3
        case "M": 6
        case "G": 9
        default: nil
        }
    }
}
