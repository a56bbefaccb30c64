import Testing
@testable import Modbus

/// Values from the seed backend's own dump of a TUF-2000M (feed.txt, 2018-08-03).
@Suite struct RegisterFormatTests {
    @Test func real4LowWordFirstIsTheMetersFlowRate() throws {
        #expect(try ValueEncoding(format: .real4).value(of: [63647, 15846]) == "0.112778895")
        #expect(try ValueEncoding(format: .real4, wordOrder: .highWordFirst).value(of: [15846, 63647]) == "0.112778895")
        #expect(try ValueEncoding(format: .real4, byteSwap: true).value(of: [UInt16(63647).byteSwapped, UInt16(15846).byteSwapped]) == "0.112778895")
        #expect(try ValueEncoding(format: .real4).value(of: [14744, 16690]) == "11.139061", "temperature #1/inlet")
        #expect(try ValueEncoding(format: .real4).value(of: [12816, 17503]) == "892.7822", "Reynolds number")
        #expect(try ValueEncoding(format: .real4).value(of: [0, 0]) == "0")
    }

    @Test func longsAreSignedAndUlongsAreNot() throws {
        #expect(try ValueEncoding(format: .long).value(of: [23, 0]) == "23")
        #expect(try ValueEncoding(format: .long).value(of: [64432, 65535]) == "-1104", "negative energy accumulator")
        #expect(try ValueEncoding(format: .long, wordOrder: .highWordFirst).value(of: [65535, 64432]) == "-1104")
        #expect(try ValueEncoding(format: .ulong).value(of: [65535, 65535]) == "4294967295")
        #expect(try ValueEncoding(format: .long, scale: 0.1).value(of: [1989, 0]) == "198.9")
    }

    @Test func sixteenBitFormatsMasksAndOffsets() throws {
        #expect(try ValueEncoding(format: .integer).value(of: [65535]) == "-1")
        #expect(try ValueEncoding(format: .uint16).value(of: [65535]) == "65535")
        #expect(try ValueEncoding(format: .integer, mask: 0xFF).value(of: [829]) == "61", "signal quality is the low byte")
        #expect(try ValueEncoding(format: .uint16, scale: 0.5, offset: -10).value(of: [120]) == "50.0")
    }

    @Test func bcdAndBits() throws {
        #expect(try ValueEncoding(format: .bcd).value(of: [9267, 775, 6152]) == "243303071808", "calendar")
        #expect(throws: RegisterValueError("register 2 of 2 holds 0x12AB, which is not BCD")) {
            try ValueEncoding(format: .bcd).value(of: [0x1234, 0x12AB])
        }
        #expect(try ValueEncoding(format: .bit).value(of: [5]) == "0000000000000101")
        #expect(try ValueEncoding(format: .bit).value(of: [0x8000, 1]) == "1000000000000000 0000000000000001")
    }

    /// The TUF-2000M's calendar reads as a date and time, not as raw digits: 2026-11-26 11:25:30
    /// is 0x2530 (minutes, seconds), 0x2611 (day, hour), 0x2611 (year, month), low byte first.
    @Test func theCalendarIsADateAndTime() throws {
        let reading = try ValueEncoding(format: .calendar).reading(of: [0x2530, 0x2611, 0x2611])
        #expect(reading.text == "2026-11-26 11:25:30")
        #expect(reading.number == nil, "a date is not a value to chart")
        #expect(throws: RegisterValueError("register 2 of 3 holds 0x261A, which is not BCD")) {
            try ValueEncoding(format: .calendar).value(of: [0x2530, 0x261A, 0x2611])
        }
        #expect(throws: RegisterValueError("the calendar reads month 13, day 26, 11:25:30, which is no date and time")) {
            try ValueEncoding(format: .calendar).value(of: [0x2530, 0x2611, 0x2613])
        }
        #expect(throws: RegisterValueError("CALENDAR takes 3 registers, not 2")) { try ValueEncoding(format: .calendar).value(of: [1, 2]) }
    }

    /// What a write sends is what a read shows again: the core turns a value into registers in
    /// any format a read takes, in either word order, scaled back.
    @Test(arguments: [
        (RegisterFormat.real4, "1.5"), (.real4, "-12.25"), (.real4, "0.112778895"), (.long, "-123456"), (.long, "2147483647"),
        (.ulong, "4294967295"), (.integer, "-2"), (.uint16, "65535"),
    ])
    func aValueWrittenReadsBackTheSame(format: RegisterFormat, text: String) throws {
        for order in [WordOrder.lowWordFirst, .highWordFirst] {
            let encoding = ValueEncoding(format: format, wordOrder: order)
            #expect(try encoding.value(of: encoding.registers(for: text)) == text)
        }
        let scaled = ValueEncoding(format: .uint16, scale: 0.1)
        #expect(try scaled.registers(for: "123") == [1230])
        #expect(try ValueEncoding(format: .uint16).registers(for: "0xBEEF") == [0xBEEF])
        #expect(throws: RegisterValueError("CALENDAR values are read only here; write them as 16-bit registers")) {
            try ValueEncoding(format: .calendar).registers(for: "2026-11-26 11:25:30")
        }
    }

    /// NaN and the infinities only when written so: a number too large for a float32 is refused,
    /// not sent as infinity.
    @Test(arguments: ["1e400", "-1e400", "3.5e38", "1e39"])
    func aREAL4TooLargeIsRefusedNotInfinity(text: String) {
        #expect(throws: RegisterValueError("\"\(text)\" is not a number a float32 holds (REAL4), such as 1.5, -12.25 or NaN")) {
            try ValueEncoding(format: .real4).registers(for: text)
        }
    }

    @Test func infinityAndNaNWrittenSoAreSent() throws {
        #expect(try ValueEncoding(format: .real4).registers(for: "Infinity") == [0, 0x7F80])
        #expect(try ValueEncoding(format: .real4).registers(for: "-inf") == [0, 0xFF80])
        #expect(try ValueEncoding(format: .real4).value(of: ValueEncoding(format: .real4).registers(for: "NaN")) == "NaN")
    }

    @Test func aValueOfTheWrongSizeIsAnError() {
        #expect(throws: RegisterValueError("REAL4 takes 2 registers, not 1")) { try ValueEncoding(format: .real4).value(of: [1]) }
    }

    /// A REAL4 is shown as the shortest decimal that reads back to the same float: never
    /// rounded to a panel's four digits (1234.5678 used to be served as 1235).
    @Test(arguments: [
        (Float(1234.5678), "1234.5677"), (Float(0.000123456), "0.000123456"), (Float(99999.4), "99999.4"), (Float(-0.5), "-0.5"),
        (Float(10), "10"), (Float(3e10), "30000000000"), (Float(1e-6), "0.000001"), (Float(1e-7), "1e-07"), (Float(2.02e-38), "2.02e-38"), (Float(3.4028235e38), "3.4028235e+38"), (Float(-0.0), "-0"), (Float.nan, "NaN"), (-Float.infinity, "-Infinity"),
    ])
    func real4IsTheShortestDecimalOfTheFloat(value: Float, text: String) throws {
        let words = [UInt16(value.bitPattern & 0xFFFF), UInt16(value.bitPattern >> 16)]
        let reading = try ValueEncoding(format: .real4).reading(of: words)
        #expect(reading.text == text)
        if value.isFinite { #expect(reading.number.map(Float.init) == value, "the number reads back to the same float") }
    }

    @Test func decimalsRoundTheTextButNotTheNumber() throws {
        let words = [UInt16(Float(1234.5678).bitPattern & 0xFFFF), UInt16(Float(1234.5678).bitPattern >> 16)]
        let reading = try ValueEncoding(format: .real4, decimals: 3).reading(of: words)
        #expect(reading.text == "1234.568")
        #expect(reading.number == 1234.5677)
        #expect(try ValueEncoding(format: .uint16, decimals: 2).value(of: [7]) == "7.00")
        #expect(try ValueEncoding(format: .real4, decimals: 0).value(of: words) == "1235")
    }

    @Test(arguments: [(0.01, 0.0, 1234, "12.34"), (0.1, -40.0, 655, "25.5"), (2.0, 0.0, 21, "42"), (0.001, 0.0, 1, "0.001"), (0.5, 0.25, 3, "1.75")])
    func scaledIntegersKeepTheDecimalsTheScaleImplies(scale: Double, offset: Double, register: UInt16, text: String) throws {
        let reading = try ValueEncoding(format: .uint16, scale: scale, offset: offset).reading(of: [register])
        #expect(reading.text == text)
        #expect(reading.number == Double(text))
    }
}
