import Foundation

/// Everything needed to turn a variable's raw registers into its value.
public struct ValueEncoding: Sendable, Hashable {
    public var format: RegisterFormat
    public var wordOrder: WordOrder
    /// Swap the two bytes of every register first.
    public var byteSwap: Bool
    /// Bits to keep of an integer before scaling (e.g. 0x00FF: the low byte).
    public var mask: UInt32?
    public var scale: Double
    public var offset: Double
    /// Digits after the point in the text shown (Home Assistant's `precision`); nil shows the
    /// value exactly. Never applied to the number.
    public var decimals: Int?

    public init(format: RegisterFormat, wordOrder: WordOrder = .lowWordFirst, byteSwap: Bool = false,
                mask: UInt32? = nil, scale: Double = 1, offset: Double = 0, decimals: Int? = nil) {
        self.format = format
        self.wordOrder = wordOrder
        self.byteSwap = byteSwap
        self.mask = mask
        self.scale = scale
        self.offset = offset
        self.decimals = decimals
    }

    /// The digits after the point its numbers are written with, everywhere (the value, an
    /// alarm, a chart's figures, the history): `decimals` when set; for an integer, those its
    /// scale and offset imply (none unscaled); nil for a float, written as its shortest.
    public var shownDecimals: Int? {
        if let decimals { return decimals }
        switch format {
        case .long, .ulong, .integer, .uint16: return max(Self.decimalPlaces(of: scale), Self.decimalPlaces(of: offset))
        case .real4, .bcd, .bit, .calendar: return nil
        }
    }

    /// A number written by the one rule: `decimals` digits after the point, or, without them,
    /// the shortest decimal of the float nearest to it (a mean of floats is not written to more
    /// digits than its readings have).
    public static func text(_ number: Double, decimals: Int?) -> String {
        if let decimals { return fixed(number, decimals: decimals) }
        return shortest(Float(number))
    }

    /// The value the registers hold, as text: what the feed's `real_value` shows.
    public func value(of registers: [UInt16]) throws(RegisterValueError) -> String {
        try reading(of: registers).text
    }

    /// The value the registers hold, exactly: a REAL4 as the shortest decimal that reads back to
    /// the same float, integers whole, scaled integers with the decimals the scale and offset
    /// imply; `decimals`, when set, rounds the text (never the number).
    public func reading(of registers: [UInt16]) throws(RegisterValueError) -> RegisterReading {
        let words = byteSwap ? registers.map(\.byteSwapped) : registers
        if let count = format.registerCount, words.count != count {
            throw RegisterValueError("\(format.rawValue) takes \(count) registers, not \(words.count)")
        }
        switch format {
        case .real4:
            let float = Float(bitPattern: combined(words))
            let value = isScaled ? Float(scaled(Double(float))) : float
            let exact = Self.shortest(value)
            let number = value.isFinite ? Double(exact) ?? Double(value) : Double(value)
            return RegisterReading(text: decimals.map { Self.fixed(number, decimals: $0) } ?? exact, number: number)
        case .long:
            return integerReading(Int64(Int32(bitPattern: masked(combined(words)))))
        case .ulong:
            return integerReading(Int64(masked(combined(words))))
        case .integer:
            return integerReading(Int64(Int16(bitPattern: UInt16(truncatingIfNeeded: masked(UInt32(words[0]))))))
        case .uint16:
            return integerReading(Int64(masked(UInt32(words[0]))))
        case .bcd:
            var digits = ""
            for (index, word) in words.enumerated() {
                for shift in stride(from: 12, through: 0, by: -4) {
                    let nibble = (word >> UInt16(shift)) & 0xF
                    guard nibble <= 9 else {
                        throw RegisterValueError("register \(index + 1) of \(words.count) holds 0x\(String(word, radix: 16, uppercase: true)), which is not BCD")
                    }
                    digits.append(Character(String(nibble)))
                }
            }
            return RegisterReading(text: digits, number: Double(digits))
        case .calendar:
            // Low byte first: (seconds, minutes), (hours, day), (month, year).
            let bytes = words.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            var fields: [Int] = []
            for (index, byte) in bytes.enumerated() {
                guard byte >> 4 <= 9, byte & 0xF <= 9 else {
                    throw RegisterValueError("register \(index / 2 + 1) of 3 holds 0x\(String(words[index / 2], radix: 16, uppercase: true)), which is not BCD")
                }
                fields.append(Int(byte >> 4) * 10 + Int(byte & 0xF))
            }
            let (second, minute, hour, day, month, year) = (fields[0], fields[1], fields[2], fields[3], fields[4], 2000 + fields[5])
            guard (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 59 else {
                throw RegisterValueError("the calendar reads month \(month), day \(day), \(hour):\(minute):\(second), which is no date and time")
            }
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return RegisterReading(text: "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))", number: nil)
        case .bit:
            let text = words.map { word in
                let bits = String(word, radix: 2)
                return String(repeating: "0", count: 16 - bits.count) + bits
            }.joined(separator: " ")
            return RegisterReading(text: text, number: words.count == 1 ? Double(words[0]) : nil)
        }
    }

    private func combined(_ words: [UInt16]) -> UInt32 {
        let (high, low) = wordOrder == .lowWordFirst ? (words[1], words[0]) : (words[0], words[1])
        return UInt32(high) << 16 | UInt32(low)
    }

    private func masked(_ value: UInt32) -> UInt32 {
        mask.map { value & $0 } ?? value
    }

    var isScaled: Bool { scale != 1 || offset != 0 }

    private func scaled(_ value: Double) -> Double { value * scale + offset }

    /// An integer, whole; scaled, with as many decimals as the scale and the offset have
    /// (a scale of 0.01 gives two), so that 1989 × 0.1 reads 198.9 and not 198.90000000000001.
    private func integerReading(_ value: Int64) -> RegisterReading {
        guard isScaled else {
            return RegisterReading(text: decimals.map { Self.fixed(Double(value), decimals: $0) } ?? String(value), number: Double(value))
        }
        let places = max(Self.decimalPlaces(of: scale), Self.decimalPlaces(of: offset))
        let text = Self.fixed(scaled(Double(value)), decimals: decimals ?? places)
        return RegisterReading(text: text, number: Double(Self.fixed(scaled(Double(value)), decimals: places)))
    }

    /// The digits after the point in the shortest text of `value`: 2 for 0.01, 0 for 2.
    static func decimalPlaces(of value: Double) -> Int {
        let text = plain(String(value))
        guard let point = text.firstIndex(of: ".") else { return 0 }
        let fraction = text[text.index(after: point)...]
        return fraction == "0" ? 0 : min(fraction.count, 15)
    }

    /// `value` with `decimals` digits after the point, without a negative zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return special(value) }
        let text = String(format: "%.\(max(0, min(decimals, 17)))f", value)
        return text.allSatisfy({ "-0.".contains($0) }) && text.hasPrefix("-") ? String(text.dropFirst()) : text
    }

    /// The shortest decimal that reads back to `value`, written out without an exponent:
    /// 1234.5677, 0.1128, 30000000000.
    static func shortest(_ value: Float) -> String {
        guard value.isFinite else { return special(Double(value)) }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        // Very small and very large values keep their exponent, as mbpoll and printf's %g write
        // them: 2.02e-38, not 45 digits.
        if value.magnitude < 1e-6 || value.magnitude >= 1e16 { return value.description }
        return plain(value.description)
    }

    private static func special(_ value: Double) -> String {
        value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity")
    }

    /// Swift's "1e-05" or "3e+10" written out as 0.00001 or 30000000000; "2.0" as "2".
    static func plain(_ text: String) -> String {
        var text = text
        if text.hasSuffix(".0") { text.removeLast(2) }
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) else { return text }
        let negative = text.hasPrefix("-")
        let mantissa = text[text.index(text.startIndex, offsetBy: negative ? 1 : 0)..<e]
        let point = mantissa.firstIndex(of: ".")
        let digits = mantissa.filter { $0 != "." }
        let integerDigits = (point.map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        var result: String
        if integerDigits <= 0 {
            result = "0." + String(repeating: "0", count: -integerDigits) + digits
        } else if integerDigits >= digits.count {
            result = digits + String(repeating: "0", count: integerDigits - digits.count)
        } else {
            result = String(digits.prefix(integerDigits)) + "." + String(digits.dropFirst(integerDigits))
        }
        if result.contains(".") {
            while result.hasSuffix("0") { result.removeLast() }
            if result.hasSuffix(".") { result.removeLast() }
        }
        return (negative ? "-" : "") + result
    }
}
