import Foundation

extension ValueEncoding {
    /// The registers that hold `text` in this encoding, as a write sends them: the inverse of
    /// `reading(of:)`. REAL4 takes a decimal number (sent as the nearest float32), or NaN,
    /// Infinity or -Infinity as reads show them; LONG and
    /// ULONG a whole number in their range; INTEGER and UINT16 one register's worth (0 to
    /// 65535, -32768 to -1, or 0x0000 to 0xFFFF), in either; BCD up to four decimal digits a
    /// register, `count` registers (the most significant first, as a read takes them). The
    /// scale and offset are undone first, and the word order and byte swap applied as a read
    /// expects them.
    public func registers(for text: String, count: Int = 1) throws(RegisterValueError) -> [UInt16] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func refused(_ expected: String) -> RegisterValueError {
            RegisterValueError("\"\(text)\" is not \(expected)")
        }
        func unscaled(_ value: Double) -> Double {
            isScaled ? (value - offset) / scale : value
        }
        let words: [UInt16]
        switch format {
        case .real4:
            // Not-a-number and the infinities only when written so, never from a number too large.
            let named = ["nan", "infinity", "+infinity", "-infinity", "inf", "+inf", "-inf"].contains(trimmed.lowercased())
            guard let number = Double(trimmed), named ? !number.isFinite : Float(unscaled(number)).isFinite else {
                throw refused("a number a float32 holds (REAL4), such as 1.5, -12.25 or NaN")
            }
            words = split(Float(unscaled(number)).bitPattern)
        case .long, .ulong:
            let range: ClosedRange<Int64> = format == .long ? Int64(Int32.min)...Int64(Int32.max) : 0...Int64(UInt32.max)
            let name = format == .long ? "LONG, -2147483648 to 2147483647" : "ULONG, 0 to 4294967295"
            guard let value = Self.whole(trimmed).map(unscaled).flatMap({ Int64(exactly: $0.rounded()) }), range.contains(value) else {
                throw refused("a whole number for \(name)")
            }
            words = split(UInt32(truncatingIfNeeded: value))
        case .integer, .uint16:
            if trimmed.lowercased().hasPrefix("0x"), let value = UInt16(trimmed.dropFirst(2), radix: 16) {
                words = [value]
            } else if let number = Self.whole(trimmed).map(unscaled).flatMap({ Int64(exactly: $0.rounded()) }), (-32768...65535).contains(number) {
                words = [UInt16(truncatingIfNeeded: number)]
            } else {
                throw refused("a 16-bit number (0 to 65535, -32768 to -1, or 0x0000 to 0xFFFF)")
            }
        case .bcd:
            let digits = Array(trimmed.utf8)
            guard !digits.isEmpty, digits.count <= 4 * count, digits.allSatisfy({ (48...57).contains($0) }) else {
                throw refused("\(4 * count) decimal digits or fewer for BCD in \(count) register\(count == 1 ? "" : "s")")
            }
            let padded = [UInt8](repeating: 48, count: 4 * count - digits.count) + digits
            words = (0..<count).map { register in
                padded[register * 4..<register * 4 + 4].reduce(UInt16(0)) { $0 << 4 | UInt16($1 - 48) }
            }
        case .bit, .calendar:
            throw RegisterValueError("\(format.rawValue) values are read only here; write them as 16-bit registers")
        }
        return byteSwap ? words.map(\.byteSwapped) : words
    }

    /// A whole number as written ("-12", "+7"); nil for anything else.
    private static func whole(_ text: String) -> Double? {
        Int64(text).map(Double.init)
    }

    /// A 32-bit value as two registers in the word order.
    private func split(_ value: UInt32) -> [UInt16] {
        let (high, low) = (UInt16(value >> 16), UInt16(value & 0xFFFF))
        return wordOrder == .lowWordFirst ? [low, high] : [high, low]
    }
}
