import Foundation
import ListorKit
import ListorTestSupport
import Testing
@testable import Transistors

@Suite struct CatalogDecodingTests {
    @Test func aPartlyBadCatalogKeepsEveryGoodEntryAndReportsEveryBadOne() throws {
        let catalog = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.partlyBadCatalog))
        #expect(catalog.transistors.map(\.partNumber) == ["GOOD-1", "GOOD-2", "GOOD-3", "GOOD-4"])
        #expect(catalog.problems.map(\.description) == [
            #"item 1 (BAD-DOPING-1): BJT.bjt_doping: "NPNX" is not one of NPN, PNP"#,
            "item 2 (NO-FAMILY-1): needs exactly one family key (BJT, MOSFET or JFET); found none",
            "item 3 (TWO-FAMILIES-1): needs exactly one family key (BJT, MOSFET or JFET); found BJT and MOSFET",
            #"item 5 (BAD-VOLTAGE-1): ratings.max_voltage: expected a number, found the string "25V""#,
            #"item 6 (GOOD-1): part_number: "GOOD-1" repeats item 0; the first one is kept"#,
            #"item 7 (BAD-PINOUT-1): datasheet.pinout: "CBX" has 'X', which is not a BJT terminal (C, B, E)"#,
        ])
        // Aliases are normalised and unknown keys ignored.
        #expect(catalog.transistor(partNumber: "good-2")?.package.name == "TO-92")
        #expect(catalog.transistor(partNumber: "GOOD-4")?.package.name == "SOT-23")
        let jfet = try #require(catalog.transistor(partNumber: "GOOD-3") as? JFET)
        #expect(jfet.parameters.idssMax == 0.005)
    }

    private func problems(_ item: String) throws -> [String] {
        try TransistorCatalogDecoder().decode(Array("[\(item)]".utf8)).problems.map(\.description)
    }

    private static func item(_ extra: String = "", family: String = #""BJT": {"bjt_doping": "NPN"}"#,
                             ratings: String = #"{"max_voltage": 45, "max_current": 0.1}"#) -> String {
        #"{"part_number": "P1", \#(family), "ratings": \#(ratings), "use": "u", "package": "TO-92"\#(extra)}"#
    }

    @Test(arguments: [
        (item(ratings: #"{"max_voltage": -45, "max_current": 0.1}"#),
         "item 0 (P1): ratings.max_voltage: must be greater than zero (a magnitude in V), found -45.0"),
        (item(ratings: #"{"max_voltage": 45, "max_current": "lots"}"#), "item 0 (P1): ratings.max_current: expected a number, found the string \"lots\""),
        (item(#", "datasheet": {"pinout": "E1B1C2EBC"}"#),
         #"item 0 (P1): datasheet.pinout: "E1B1C2EBC" numbers some pins' transistors and not others; a dual part numbers each pin's (E1B1C1E2B2C2)"#),
        (item(family: #""MOSFET": {"bjt_doping": "NPN"}"#), "item 0 (P1): MOSFET.mosfet_doping: missing"),
        (item(family: #""JFET": {"jfet_doping": 3}"#), "item 0 (P1): JFET.jfet_doping: expected a string, found the number 3"),
        (item(#", "datasheet": {"rds_on": 0.1}"#), "item 0 (P1): datasheet.rds_on: is a MOSFET parameter, but this part is a BJT"),
        (item(#", "datasheet": {"hfe_min": 300, "hfe_max": 100}"#), "item 0 (P1): datasheet.hfe_min: 300 is above hfe_max (100)"),
        (item(#", "datasheet": {"pinout": "CB"}"#), #"item 0 (P1): datasheet.pinout: "CB" does not name the emitter; expected one letter a pin from C, B, E"#),
        (item(#", "datasheet": {"power_dissipation": 0}"#), "item 0 (P1): datasheet.power_dissipation: must be greater than zero (in W), found 0.0"),
        (#"{"BJT": {"bjt_doping": "NPN"}}"#, "item 0: part_number: missing"),
        (#"{"part_number": " ", "BJT": {"bjt_doping": "NPN"}}"#, "item 0: part_number: must not be empty"),
        ("42", "item 0: expected an object, found the number 42"),
        (item(ratings: #"{"max_voltage": 1e400, "max_current": 0.1}"#),
         "item 0 (P1): ratings.max_voltage: expected a number, found a number too large to hold (beyond ±1.8e308)"),
    ])
    func eachBadEntryIsReportedWithItsFieldAndReason(item: String, message: String) throws {
        #expect(try problems(item) == [message])
    }

    @Test func integersDecimalsAndUnknownKeysAreAccepted() throws {
        let catalog = try TransistorCatalogDecoder().decode(Array("[\(Self.item(#", "vendor": {"name": "x"}"#, ratings: #"{"max_voltage": 45, "max_current": 1e-1, "surge": 2}"#))]".utf8))
        #expect(catalog.problems.isEmpty)
        #expect(catalog.transistors.first?.ratings == Ratings(maxVoltage: 45, maxCurrent: 0.1))
    }

    @Test(arguments: [
        ("", "the file is empty; expected a JSON array"),
        (#"{"part_number": "BC547"}"#, "expected a JSON array at the top level, found an object (a single item? wrap it in [ ])"),
        ("[\n  {\"part_number\": \"BC547\",,}\n]", "not valid JSON: line 2, column 27: expected a member name in double quotes, found ','"),
    ])
    func aFileThatIsNotACatalogIsOneClearError(text: String, message: String) {
        #expect {
            try TransistorCatalogDecoder().decode(Array(text.utf8))
        } throws: { error in
            (error as? BatchDecodingError)?.description == message
        }
    }

    @Test func aLargeCatalogDecodedOnEveryCoreReportsDuplicatesAcrossItsHalves() throws {
        // Over 1 MiB, so decoding is split between threads; the repeat sits in the second half.
        var items = (0..<8_000).map { index in Self.item(ratings: #"{"max_voltage": \#(index + 1), "max_current": 0.1}"#)
            .replacingOccurrences(of: #""P1""#, with: #""P\#(index)""#) }
        items[7_000] = items[7_000].replacingOccurrences(of: #""P7000""#, with: #""p12""#)
        items[7_500] = #"{"part_number": "BROKEN"}"#
        let text = "[\n" + items.joined(separator: ",\n") + "\n]"
        #expect(text.utf8.count > 1 << 20)
        let catalog = try TransistorCatalogDecoder().decode(Array(text.utf8))
        #expect(catalog.transistors.count == 7_998)
        #expect(catalog.problems.map(\.description) == [
            #"item 7000 (p12): part_number: "p12" repeats item 12; the first one is kept"#,
            "item 7500 (BROKEN): needs exactly one family key (BJT, MOSFET or JFET); found none",
        ])
        #expect(catalog.transistor(partNumber: "P7999")?.ratings.maxVoltage == 8_000)
    }

    @Test func anEmptyArrayIsAnEmptyCatalogNotAnError() throws {
        let catalog = try TransistorCatalogDecoder().decode(Array("[]".utf8))
        #expect(catalog.transistors.isEmpty && catalog.problems.isEmpty)
    }

    @Test(arguments: [
        ("TO92", "TO-92", true), ("to-92", "TO-92", true), ("SOT23-3", "SOT-23", true), ("TO-252", "DPAK", true),
        ("TO-263", "D2PAK", true), ("SOIC-8", "SO-8", true), ("TO-220AB", "TO-220", true), ("TO-3P", "TO-247", true),
        ("SOT-223", "SOT-223", true), ("Foo-17", "Foo-17", false),
    ])
    func packagesAreRecognisedAndAliasesNormalised(text: String, name: String, known: Bool) {
        let package = Package(text)
        #expect(package.name == name)
        #expect(package.isKnown == known)
    }
}
