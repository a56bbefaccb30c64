/// An ISBN-10 or ISBN-13 as people type it ("978-0-14-143951-8", "0 14 143951 X"), checked
/// against its check digit and kept as digits.
public struct ISBN: Sendable, Hashable, CustomStringConvertible {
    /// Digits only, with a final "X" for an ISBN-10 whose check digit is ten.
    public let digits: String

    public enum Problem: Error, Hashable, CustomStringConvertible {
        case length(Int)
        case character(Character)
        case checkDigit(expected: Character)

        public var description: String {
            switch self {
            case .length(let count): "has \(count) digits; an ISBN has 10 or 13"
            case .character(let character): "has \"\(character)\", which is not a digit"
            case .checkDigit(let expected): "fails its check digit (the last digit should be \(expected))"
            }
        }
    }

    public init(_ text: String) throws(Problem) {
        var characters: [Character] = []
        for character in text where character != "-" && !character.isWhitespace {
            characters.append(character == "x" ? "X" : character)
        }
        for (offset, character) in characters.enumerated() where !character.isASCII || !character.isNumber {
            guard character == "X", offset == 9, characters.count == 10 else { throw .character(character) }
        }
        let values = characters.map { $0 == "X" ? 10 : Int(String($0)) ?? 0 }
        switch values.count {
        case 10:
            // Weights 10 down to 1; the sum is a multiple of 11.
            let sum = values.prefix(9).enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
            let check = (11 - sum % 11) % 11
            guard values[9] == check else { throw .checkDigit(expected: check == 10 ? "X" : Character(String(check))) }
        case 13:
            // Weights 1 and 3 alternating; the sum is a multiple of 10.
            let sum = values.prefix(12).enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
            let check = (10 - sum % 10) % 10
            guard values[12] == check else { throw .checkDigit(expected: Character(String(check))) }
        default:
            throw .length(values.count)
        }
        digits = String(characters)
    }

    public var description: String { digits }

    /// The ISBN-13 of the book: the digits of an ISBN-13, or "978", an ISBN-10's first nine
    /// digits and their own check digit. Two ISBNs name one book when these are equal.
    public var thirteen: String {
        guard digits.count == 10 else { return digits }
        let body = [9, 7, 8] + digits.prefix(9).map { Int(String($0)) ?? 0 }
        let sum = body.enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
        return body.map(String.init).joined() + String((10 - sum % 10) % 10)
    }

    /// The ISBN-10 of the book: the digits of an ISBN-10, or those an ISBN-13 beginning "978"
    /// was made from; nil for one beginning "979", which has none.
    public var ten: String? {
        if digits.count == 10 { return digits }
        guard digits.hasPrefix("978") else { return nil }
        let body = digits.dropFirst(3).prefix(9).map { Int(String($0)) ?? 0 }
        let check = (11 - body.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) } % 11) % 11
        return body.map(String.init).joined() + (check == 10 ? "X" : String(check))
    }
}
