import Foundation
import ListorKit
import ListorTestSupport
import Testing
@testable import Transistors

/// The seed's three JSON examples, decoded through `DopingWrapper` and `toTransistor()`.
@Suite struct SeedExamplesTests {
    static let expected: [(fixture: String, transistor: any Transistor)] = [
        (Fixtures.seedMOSFET, MOSFET(ratings: Ratings(maxVoltage: 100, maxCurrent: 23), partNumber: "IRF9540N", package: Package("TO-220"),
                                     use: "P-channel MOSFET for power management and load switching", doping: .pmos)),
        (Fixtures.seedBJT, BJT(ratings: Ratings(maxVoltage: 45, maxCurrent: 0.1), partNumber: "BC547", package: Package("TO-92"),
                               use: "Small-signal transistor for audio and general-purpose circuits", doping: .npn)),
        (Fixtures.seedJFET, JFET(ratings: Ratings(maxVoltage: 50, maxCurrent: 0.015), partNumber: "2SJ103", package: Package("TO-92"),
                                 use: "Voltage-controlled resistor in audio circuits", doping: .pChannel)),
    ]

    @Test(arguments: 0..<3)
    func decodesWithListorsDecoderAndWithFoundations(index: Int) throws {
        let (fixture, expected) = Self.expected[index]
        let data = try Fixtures.data(fixture)
        let ours = try JSONValueDecoder().decode(RawTransistor.self, from: data)
        let foundation = try JSONDecoder().decode(RawTransistor.self, from: data)
        #expect(ours == foundation)
        let transistor = try #require(ours.toTransistor())
        #expect(Self.same(transistor, expected))
    }

    @Test func theThreeExamplesFormACatalog() throws {
        let catalog = try TransistorCatalogDecoder().decode(try Fixtures.seedCatalog())
        #expect(catalog.problems.isEmpty)
        #expect(catalog.transistors.map(\.partNumber) == ["BC547", "IRF9540N", "2SJ103"])
        #expect(catalog.transistors.map(\.family) == [.bjt, .mosfet, .jfet])
    }

    @Test func dopingWrapperIsGenericOverTheFamily() throws {
        let bjt = try JSONValueDecoder().decode(DopingWrapper<BJTDoping>.self, from: Array(#"{"bjt_doping": "PNP"}"#.utf8))
        let jfet = try JSONValueDecoder().decode(DopingWrapper<JFETDoping>.self, from: Array(#"{"jfet_doping": "n-channel"}"#.utf8))
        #expect(bjt == DopingWrapper(doping: .pnp))
        #expect(jfet == DopingWrapper(doping: .nChannel))
    }

    @Test func writingTheSeedFormatReadsBackTheSameParts() throws {
        let catalog = try TransistorCatalogDecoder().decode(try Fixtures.seedCatalog())
        let text = TransistorJSON.value(catalog.transistors).serialized()
        let again = try TransistorCatalogDecoder().decode(Array(text.utf8))
        #expect(again.transistors.count == 3)
        for (first, second) in zip(catalog.transistors, again.transistors) {
            #expect(Self.same(first, second))
        }
    }

    static func same(_ a: any Transistor, _ b: any Transistor) -> Bool {
        switch (a, b) {
        case let (a as BJT, b as BJT): a == b
        case let (a as MOSFET, b as MOSFET): a == b
        case let (a as JFET, b as JFET): a == b
        default: false
        }
    }
}
