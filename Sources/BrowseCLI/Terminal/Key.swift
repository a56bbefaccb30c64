import ListorCommandKit

/// A key the reader pressed, from the bytes a terminal sends.
enum Key: Hashable, Sendable {
    case character(Character)
    case enter, tab, backTab, backspace, escape, interrupt
    case up, down, left, right, pageUp, pageDown, home, end, delete
    /// Not a key: the terminal changed its size (SIGWINCH).
    case resize

    /// The keys in one read from the terminal; escape sequences are whole within one read.
    static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x03: keys.append(.interrupt)
            case 0x1B:
                guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") else {
                    keys.append(.escape)
                    continue
                }
                index += 1
                var parameter = ""
                while index < bytes.count, (0x30...0x3F).contains(bytes[index]) {
                    parameter.append(Character(Unicode.Scalar(bytes[index])))
                    index += 1
                }
                guard index < bytes.count else { keys.append(.escape); continue }
                let final = bytes[index]
                index += 1
                switch (final, parameter) {
                case (UInt8(ascii: "A"), _): keys.append(.up)
                case (UInt8(ascii: "B"), _): keys.append(.down)
                case (UInt8(ascii: "C"), _): keys.append(.right)
                case (UInt8(ascii: "D"), _): keys.append(.left)
                case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): keys.append(.home)
                case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): keys.append(.end)
                case (UInt8(ascii: "Z"), _): keys.append(.backTab)
                case (UInt8(ascii: "~"), "5"): keys.append(.pageUp)
                case (UInt8(ascii: "~"), "6"): keys.append(.pageDown)
                case (UInt8(ascii: "~"), "3"): keys.append(.delete)
                default: continue
                }
            default:
                guard byte >= 0x20 else { continue }
                var length = 1
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
                let end = min(index - 1 + length, bytes.count)
                if let text = String(validating: bytes[(index - 1)..<end], as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index = end
            }
        }
        return keys
    }
}
