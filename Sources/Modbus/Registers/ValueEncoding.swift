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

    public init(format: RegisterFormat, wordOrder: WordOrder = .lowWordFirst, byteSwap: Bool = false,
                mask: UInt32? = nil, scale: Double = 1, offset: Double = 0) {
        self.format = format
        self.wordOrder = wordOrder
        self.byteSwap = byteSwap
        self.mask = mask
        self.scale = scale
        self.offset = offset
    }

    /// The value the registers hold, as text: what the feed's `real_value` shows.
    public func value(of registers: [UInt16]) throws(RegisterValueError) -> String {
        let words = byteSwap ? registers.map(\.byteSwapped) : registers
        if let count = format.registerCount, words.count != count {
            throw RegisterValueError("\(format.rawValue) takes \(count) registers, not \(words.count)")
        }
        switch format {
        case .real4:
            return Self.text(scaled(Double(Float(bitPattern: combined(words)))))
        case .long:
            return integerText(Int64(Int32(bitPattern: masked(combined(words)))))
        case .ulong:
            return integerText(Int64(masked(combined(words))))
        case .integer:
            return integerText(Int64(Int16(bitPattern: UInt16(truncatingIfNeeded: masked(UInt32(words[0]))))))
        case .uint16:
            return integerText(Int64(masked(UInt32(words[0]))))
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
            return digits
        case .bit:
            return words.map { word in
                let bits = String(word, radix: 2)
                return String(repeating: "0", count: 16 - bits.count) + bits
            }.joined(separator: " ")
        }
    }

    private func combined(_ words: [UInt16]) -> UInt32 {
        let (high, low) = wordOrder == .lowWordFirst ? (words[1], words[0]) : (words[0], words[1])
        return UInt32(high) << 16 | UInt32(low)
    }

    private func masked(_ value: UInt32) -> UInt32 {
        mask.map { value & $0 } ?? value
    }

    private func scaled(_ value: Double) -> Double { value * scale + offset }

    private func integerText(_ value: Int64) -> String {
        scale == 1 && offset == 0 ? String(value) : Self.text(scaled(Double(value)))
    }

    /// Four significant digits, as a panel shows a measurement: 0.1128, 11.14, 877.8; whole
    /// numbers from 10 000 up.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 10_000 { return String(Int64(value.rounded())) }
        let digitsBeforePoint = magnitude >= 1 ? Int(log10(magnitude).rounded(.down)) + 1 : 0
        let leadingZeros = magnitude < 1 ? -Int(log10(magnitude).rounded(.down)) - 1 : 0
        let decimals = max(0, 4 - digitsBeforePoint + leadingZeros)
        let factor = pow(10, Double(decimals))
        let rounded = (value * factor).rounded() / factor
        var text = String(format: "%.\(decimals)f", rounded)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
