import Foundation
import ListorKit
import ListorTestSupport
import Testing
@testable import Transistors

/// Transistors from SPICE model libraries: the ratings their vendor annotations give, nothing
/// guessed from the simulation parameters, and merged with KiCad's symbols field by field.
@Suite struct SpiceModelsTests {
    @Test("the test library: each transistor model with its ratings, the one without ratings kept with none")
    func readsTheTestLibrary() throws {
        let catalog = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.spiceModels), file: "models.lib")
        #expect(catalog.transistors.map(\.partNumber) == ["QX100", "QX200", "MX1", "MX2", "JX1"])
        #expect(catalog.transistors.map(\.dopingName) == ["NPN", "PNP", "NMOS", "PMOS", "N-channel"])
        #expect(catalog.transistors.map(\.ratings) == [Ratings(maxVoltage: 45, maxCurrent: 0.5), Ratings(maxVoltage: 60, maxCurrent: 1.5),
                                                       Ratings(maxVoltage: 60, maxCurrent: nil), Ratings(maxVoltage: 30, maxCurrent: nil),
                                                       Ratings(maxVoltage: nil, maxCurrent: nil)])
        #expect((catalog.transistors[3] as? MOSFET)?.parameters.onResistance == 0.045)
        #expect(catalog.transistors[0].use == "SPICE model (Example)" && catalog.transistors[0].package == .unknown)
        #expect(catalog.transistors[0].datasheet.source == "models.lib: QX100")
        // QX100 inside the subcircuit SX1 is the subcircuit's (not named after it), not a part, and not a repeat.
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
    }

    @Test("Debian's kicad-demos: a vendor's model with CR line endings and no ratings is kept; an op-amp's inner transistors are not parts")
    func readsDebiansDemoModels() throws {
        let directory = "/usr/share/kicad/demos/simulation/laser_driver"
        guard FileManager.default.fileExists(atPath: directory + "/fzt1049a.lib") else {
            ExternalComponent.unavailable("reading real SPICE models needs \(directory) (Debian: apt-get install kicad-demos)")
            return
        }
        let vendor = try TransistorCatalogDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: directory + "/fzt1049a.lib")), file: "fzt1049a.lib")
        #expect(vendor.transistors.map(\.partNumber) == ["FZT1049A"] && vendor.transistors.first?.ratings == Ratings(maxVoltage: nil, maxCurrent: nil))
        #expect(vendor.problems.isEmpty)
        let opAmp = try TransistorCatalogDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: directory + "/ad8009.lib")), file: "ad8009.lib")
        #expect(opAmp.transistors.isEmpty && opAmp.problems.map(\.reason) == [
            "ad8009.lib has no transistor model: no .model of NPN, PNP, NMOS, PMOS, VDMOS, NJF or PJF, nor a subcircuit named after a part with its model inside",
        ], "\(opAmp.problems)")
    }

    @Test("a rating of zero is none (found by the fuzz target: Vceo=0 gave a part its own JSON could not read back)")
    func aZeroRatingIsNone() throws {
        let catalog = SpiceModels.read(Array(".model Q0 NPN(Vceo=0 Icrating=0)\n.model Q1 NPN(Vceo=0 Icrating=1)\n".utf8))
        #expect(catalog.transistors.map(\.ratings) == [Ratings(maxVoltage: nil, maxCurrent: nil), Ratings(maxVoltage: nil, maxCurrent: 1)])
        #expect(catalog.problems.isEmpty)
        let json = TransistorJSON.value(catalog.transistors)
        #expect(TransistorJSON.value(try TransistorCatalogDecoder().decode(Array(json.serialized().utf8)).transistors) == json)
    }

    /// What vendors publish: a model without ratings (National's Q2N2222), a subcircuit named
    /// after the part around its model (Zetex's BS170), and a file with no transistor at all,
    /// which is never an empty catalog read with success.
    @Test("vendors' models: without ratings, inside the part's subcircuit, and a file of none said so")
    func readsWhatVendorsPublish() throws {
        let national = SpiceModels.read(Array(".model Q2N2222 NPN(Is=14.34f Xti=3 Eg=1.11 Vaf=74.03 Bf=255.9 Ne=1.307\n+ Rb=10)\n".utf8), file: "q2n2222.lib")
        #expect(national.transistors.map(\.partNumber) == ["Q2N2222"] && national.problems.isEmpty)
        let zetex = SpiceModels.read(Array("""
            *ZETEX BS170 Spice Model v1.0
            .SUBCKT BS170 3 4 5
            M1 3 2 5 5 MBS170
            RG 4 2 270
            .MODEL MBS170 NMOS VTO=1.824 RS=1.572 RD=1.436 IS=1E-15 KP=.1233
            +CBD=35E-12 PB=1
            .MODEL DBS170 D IS=5E-12 RS=.768
            .ENDS BS170

            """.utf8), file: "bs170.lib")
        #expect(zetex.transistors.map(\.partNumber) == ["BS170"] && zetex.transistors.first?.dopingName == "NMOS", "\(zetex)")
        #expect(zetex.transistors.first?.datasheet.source == "bs170.lib: BS170")
        let diodes = SpiceModels.read(Array(".model D1N4148 D(Is=2.52n)\n".utf8), file: "diodes.lib")
        #expect(diodes.transistors.isEmpty && diodes.problems.count == 1)
    }

    @Test("SPICE numbers: suffixes in any case, exponents, a unit after the suffix", arguments: [
        ("200m", 0.2), ("1.5n", 1.5e-9), ("10Meg", 1e7), ("10MEG", 1e7), ("1e-14", 1e-14), ("40V", 40), ("-30", -30), (".75", 0.75),
        ("3p", 3e-12), ("1.8m", 0.0018), ("5mil", 127e-6),
    ])
    func readsNumbers(text: String, value: Double) {
        #expect(SpiceModels.number(text) == value)
    }

    @Test("text that is not a number is none", arguments: ["", "m", "abc", "1.2.3", "--1"])
    func refusesNonNumbers(text: String) {
        #expect(SpiceModels.number(text) == nil)
    }

    @Test("a KiCad symbol and a SPICE model of one part merge field by field; a figure they give differently is reported, the first kept")
    func mergesWithKiCad() throws {
        let kiCad = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.kiCadTwoSymbols), file: "Test.kicad_sym")
        let spice = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.spiceModels), file: "models.lib")
        // The model first: its ratings win, and KiCad's symbol gives the package, pinout and datasheet.
        let merged = MergedCatalogProvider.merged([("models.lib", spice), ("Test.kicad_sym", kiCad)])
        let part = try #require(merged.transistor(partNumber: "QX100"))
        #expect(part.ratings == Ratings(maxVoltage: 45, maxCurrent: 0.5))
        #expect(part.package.name == "TO-92" && part.datasheet.pinout?.description == "EBC")
        #expect(part.datasheet.url == "https://example.org/qx100.pdf")
        #expect(part.datasheet.source == "models.lib: QX100; Test.kicad_sym: QX100")
        #expect(part.use == "SPICE model (Example)")
        #expect(merged.transistors.count == 6)
        #expect(!merged.problems.contains { $0.description.contains("ratings") })

        let conflicting = TransistorCatalog(transistors: [BJT(ratings: Ratings(maxVoltage: 80, maxCurrent: nil), partNumber: "qx100", package: .unknown,
                                                              use: "x", doping: .npn)])
        let second = MergedCatalogProvider.merged([("Test.kicad_sym", kiCad), ("mine.json", conflicting)])
        #expect(second.transistor(partNumber: "QX100")?.ratings == Ratings(maxVoltage: 45, maxCurrent: 0.5))
        #expect(second.problems.map(\.description) == ["mine.json: QX100: ratings.max_voltage is 80 V here and 45 V in Test.kicad_sym; the first is kept"])
    }

    @Test("sources that disagree on a part's polarity give the first source's part, reported")
    func polarityConflictKeepsTheFirst() throws {
        let kiCad = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.kiCadTwoSymbols), file: "Test.kicad_sym")
        let pnp = TransistorCatalog(transistors: [BJT(ratings: Ratings(maxVoltage: 45, maxCurrent: 0.5), partNumber: "QX101", package: Package("TO-92"),
                                                      use: "x", doping: .pnp)])
        let merged = MergedCatalogProvider.merged([("Test.kicad_sym", kiCad), ("mine.json", pnp)])
        #expect(merged.transistor(partNumber: "QX101")?.dopingName == "NPN")
        #expect(merged.problems.map(\.description) == ["mine.json: QX101: a PNP BJT here, a NPN BJT in Test.kicad_sym; the part from Test.kicad_sym is kept"])
    }
}
