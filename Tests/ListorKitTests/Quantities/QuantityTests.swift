import ListorKit
import Testing

@Suite struct QuantityTests {
    @Test(arguments: [
        ("500mA", PhysicalUnit.ampere, 0.5),
        ("0.5 A", .ampere, 0.5),
        ("60V", .volt, 60),
        ("1.5kV", .volt, 1500),
        ("100µA", .ampere, 0.0001),
        ("100uA", .ampere, 0.0001),
        ("2 amps", .ampere, 2),
        ("40", .volt, 40),
        ("500 m", .ampere, 0.5),
        ("4.4 mohm", .ohm, 0.0044),
        ("300MHz", .hertz, 300_000_000),
        ("1e3 V", .volt, 1000),
        ("-4V", .volt, -4),
    ])
    func parsesUnitsAndPrefixes(text: String, unit: PhysicalUnit, value: Double) throws {
        let parsed = try Quantity.parse(text, as: unit)
        #expect(abs(parsed.value - value) <= abs(value) * 1e-12)
    }

    @Test(arguments: [
        ("abc", PhysicalUnit.volt, #""abc" is not a voltage: it does not start with a number (examples: 60V, 1.5kV, 500 mV)"#),
        ("", .volt, #""" is not a voltage: it is empty (examples: 60V, 1.5kV, 500 mV)"#),
        ("5 W", .ampere, #""5 W" is not a current: unknown unit "W"; expected A with an optional prefix (examples: 500mA, 0.5 A, 2A)"#),
        ("500mA", .volt, #""500mA" is not a voltage: unknown unit "mA"; expected V with an optional prefix (examples: 60V, 1.5kV, 500 mV)"#),
        ("1e400", .volt, #""1e400" is not a voltage: 1e400 is too large a number (examples: 60V, 1.5kV, 500 mV)"#),
        ("1e306 GV", .volt, #""1e306 GV" is not a voltage: 1e306 with its prefix is too large a number (examples: 60V, 1.5kV, 500 mV)"#),
        ("NaN", .volt, #""NaN" is not a voltage: NaN is not a number a part can have (examples: 60V, 1.5kV, 500 mV)"#),
        ("inf A", .ampere, #""inf A" is not a current: inf is not a number a part can have (examples: 500mA, 0.5 A, 2A)"#),
    ])
    func badTextSaysWhatWasExpected(text: String, unit: PhysicalUnit, message: String) {
        #expect {
            try Quantity.parse(text, as: unit)
        } throws: { error in
            (error as? QuantityParseError)?.description == message
        }
    }

    @Test(arguments: [
        (0.1, PhysicalUnit.ampere, "100 mA"),
        (45, .volt, "45 V"),
        (1500, .volt, "1.5 kV"),
        (0.0044, .ohm, "4.4 mΩ"),
        (0.0175, .ohm, "17.5 mΩ"),
        (300e6, .hertz, "300 MHz"),
        (0.625, .watt, "625 mW"),
        (0.0001, .ampere, "100 µA"),
        (-4, .volt, "-4 V"),
        (-0.5, .volt, "-500 mV"),
        (0, .volt, "0 V"),
        (0.9999999, .ampere, "1 A"),
        (115, .watt, "115 W"),
    ])
    func formatsWithSIPrefixes(value: Double, unit: PhysicalUnit, text: String) {
        #expect(Quantity(value, unit).description == text)
    }

    @Test func formattedTextParsesBack() throws {
        for value in [0.1, 45, 1500, 0.0044, 2.5e-6, 0.015, 230] {
            let text = Quantity(value, .volt).description
            #expect(abs(try Quantity.parse(text, as: .volt).value - value) <= value * 1e-9, "\(text)")
        }
    }
}
