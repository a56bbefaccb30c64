import Foundation
import ListorKit
import ListorTestSupport
import Testing
@testable import Transistors

/// Transistors from KiCad's symbol libraries: the family, polarity and ratings a description
/// gives, the pinout of the pins (an alias's are its parent's), the package of the footprint.
@Suite struct KiCadTransistorsTests {
    static let debianSymbols = "/usr/share/kicad/symbols"

    @Test("the test library: a part and its alias, each with the ratings of its own description and the parent's pins")
    func readsTheTestLibrary() throws {
        let catalog = try KiCadTransistors.read(try Fixtures.data(Fixtures.kiCadTwoSymbols), file: "Test.kicad_sym")
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        let parts = catalog.transistors.compactMap { $0 as? BJT }
        #expect(parts.map(\.partNumber) == ["QX100", "QX101"])
        #expect(parts.map(\.doping) == [.npn, .npn])
        #expect(parts.map(\.ratings) == [Ratings(maxVoltage: 45, maxCurrent: 0.5), Ratings(maxVoltage: 65, maxCurrent: 0.5)])
        #expect(parts.map { $0.datasheet.pinout?.description } == ["EBC", "EBC"])
        #expect(parts.map(\.package.name) == ["TO-92", "TO-92"])
        // The alias has its parent's datasheet; each part names its file and symbol.
        #expect(parts.map(\.datasheet.url) == ["https://example.org/qx100.pdf", "https://example.org/qx100.pdf"])
        #expect(parts.map(\.datasheet.source) == ["Test.kicad_sym: QX100", "Test.kicad_sym: QX101"])
    }

    @Test("KiCad's parts exported as JSON or CSV and read back are the same parts, their datasheet and source included")
    func exportThenImportGivesTheSameParts() throws {
        let parts = try KiCadTransistors.read(try Fixtures.data(Fixtures.kiCadTwoSymbols), file: "Test.kicad_sym").transistors
        let json = TransistorJSON.value(parts)
        let fromJSON = try TransistorCatalogDecoder().decode(Array(json.serialized(pretty: true).utf8))
        #expect(TransistorJSON.value(fromJSON.transistors) == json)
        let fromCSV = try TransistorCatalogDecoder().decode(Array(TransistorCSV.text(parts).utf8))
        #expect(TransistorJSON.value(fromCSV.transistors) == json)
        #expect(json.serialized(pretty: false).contains(#""url":"https://example.org/qx100.pdf","source":"Test.kicad_sym: QX100""#))
    }

    @Test("a datasheet address that is not http or https is refused, naming the field")
    func otherSchemesAreRefused() throws {
        let catalog = try TransistorCatalogDecoder().decode(Array(#"""
            [{"part_number": "Q1", "BJT": {"bjt_doping": "NPN"}, "ratings": {"max_voltage": 40, "max_current": 0.2}, "use": "x", "package": "TO-92",
              "datasheet": {"url": "javascript:alert(1)"}}]
            """#.utf8))
        #expect(catalog.transistors.isEmpty)
        #expect(catalog.problems.map(\.description) == [#"item 0 (Q1): datasheet.url: "javascript:alert(1)" is not an http or https address"#])
    }

    @Test("a description's ratings: units, signs, labels, a gate voltage never taken for a rating, and none guessed (NaN: not given)", arguments: [
        ("0.2A Ic, 40V Vce, Small Signal NPN Transistor, TO-92", TransistorFamily.bjt, 40.0, 0.2),
        ("-85A Id, -20V Vds, 7mOhm Rds, P-Channel MOSFET, DFN-8", .mosfet, 20, 85),
        ("100mA IC, 65V Vce, NPN Transistor, SOT-23", .bjt, 65, 0.1),
        ("NPN Darlington transistor, 60Vce, 500mA, SOT-89", .bjt, 60, 0.5),
        ("20V Vds, 0.63 Id, N-Channel MOSFET with ESD protection, SOT-523", .mosfet, 20, 0.63),
        ("20mA min, 40V, 40mOhm max, 2-6V Vgs(off), N-Channel JFET, SOT-23", .jfet, 40, 0.02),
        ("Digital NPN Transistor, 10k/10k, SOT-23", .bjt, .nan, .nan),
        ("50mA Id, 30V Vgs, N-Channel FET Transistor, TO-92", .jfet, .nan, 0.05),
        ("45V Vce, PNP Transistor, SOT-23", .bjt, 45, .nan),
    ])
    func readsADescription(description: String, family: TransistorFamily, voltage: Double, current: Double) throws {
        let symbol = KiCadSymbol(name: "Q1", extends: nil, properties: ["ki_description": description], pins: [])
        let transistor = try KiCadTransistors.transistor(symbol, parent: nil).get()
        #expect(transistor.family == family)
        let ratings = transistor.ratings
        #expect(ratings.maxVoltage.map { abs($0 - voltage) < 1e-9 } ?? voltage.isNaN, "voltage \(String(describing: ratings.maxVoltage))")
        #expect(ratings.maxCurrent.map { abs($0 - current) < 1e-9 } ?? current.isNaN, "current \(String(describing: ratings.maxCurrent))")
    }

    @Test("what is not one transistor of the three families is named with the reason", arguments: [
        ("Unijunction Transistor, TO-18", "a unijunction, not a BJT, MOSFET or JFET"),
        ("200mA IC, 40V Vce, Dual NPN/PNP Transistors, SOT-363", "an N and a P transistor in one package"),
        ("1.5A Ic, 80V Vce, Low Voltage Transistor, TO-126", "the description gives no family and polarity"),
    ])
    func refusesWithTheReason(description: String, reason: String) {
        let symbol = KiCadSymbol(name: "Q1", extends: nil, properties: ["ki_description": description], pins: [])
        guard case .failure(let problem) = KiCadTransistors.transistor(symbol, parent: nil) else {
            Issue.record("\(description) was read as a transistor")
            return
        }
        #expect(problem.itemName == "Q1" && problem.reason.hasPrefix(reason), "\(problem)")
    }

    @Test("Debian's kicad-symbols: the parts read, and the symbols left out grouped by reason")
    func readsDebiansLibraries() throws {
        var parts: [any Transistor] = []
        var problems: [Problem] = []
        for file in ["Transistor_BJT.kicad_sym", "Transistor_FET.kicad_sym"] {
            let path = "\(Self.debianSymbols)/\(file)"
            guard FileManager.default.fileExists(atPath: path) else {
                ExternalComponent.unavailable("reading KiCad's libraries needs \(path) (Debian: apt-get install kicad-symbols)")
                return
            }
            let catalog = try KiCadTransistors.read(try Data(contentsOf: URL(fileURLWithPath: path)))
            parts += catalog.transistors
            problems += catalog.problems
        }
        let reasons = Dictionary(grouping: problems) { String($0.reason.prefix { $0 != ":" }) }.mapValues(\.count)
        print("KiCad: \(parts.count) parts, \(parts.filter { $0.datasheet.pinout != nil }.count) with a pinout; left out: \(reasons.sorted { $0.value > $1.value })")
        // The counts issue 39 asks for: 650 with both ratings, 700 with a pinout.
        #expect(parts.count { $0.ratings.maxVoltage != nil && $0.ratings.maxCurrent != nil } >= 650)
        #expect(parts.count { $0.datasheet.pinout != nil } >= 700)
        for part in parts where part.ratings.maxVoltage == nil || part.ratings.maxCurrent == nil {
            print("KiCad without a rating: \(part.partNumber): \(part.use)")
        }
        for part in parts where part.datasheet.pinout?.units.isEmpty == false {
            print("KiCad dual: \(part.partNumber) \(part.datasheet.pinout!): \(part.use)")
        }
        // Export then import of the merged libraries gives the same catalog, in JSON and in CSV.
        let json = TransistorJSON.value(parts)
        #expect(TransistorJSON.value(try TransistorCatalogDecoder().decode(Array(json.serialized(pretty: false).utf8)).transistors) == json)
        #expect(TransistorJSON.value(try TransistorCatalogDecoder().decode(Array(TransistorCSV.text(parts).utf8)).transistors) == json)
        let twoN2219 = try #require(parts.first { $0.partNumber == "2N2219" } as? BJT)
        #expect(twoN2219.doping == .npn && twoN2219.ratings == Ratings(maxVoltage: 50, maxCurrent: 0.8))
        #expect(twoN2219.datasheet.pinout?.description == "EBC" && twoN2219.package.name == "TO-39")
        // What a parts engineer found wrong: HexFETs written "P-MOS" and "Ronon 0.09R", a
        // resistance followed by more words, a PNP whose keywords say NPN.
        let hexfet = try #require(parts.first { $0.partNumber == "IRF7606PBF" } as? MOSFET)
        #expect(hexfet.doping == .pmos && hexfet.parameters.onResistance == 0.09)
        #expect((parts.first { $0.partNumber == "IRF7607PBF" } as? MOSFET)?.doping == .nmos)
        #expect((parts.first { $0.partNumber == "IRLZ44N" } as? MOSFET)?.parameters.onResistance == 0.022)
        #expect((parts.first { $0.partNumber == "BFT92" } as? BJT)?.doping == .pnp, "the description's polarity, not the keywords'")
        // A current mirror's bases are joined inside: its four pins are two collectors and two emitters.
        let mirror = try #require(parts.first { $0.partNumber == "BCV61" })
        #expect(mirror.datasheet.pinout?.description == "C2C1E1E2" && mirror.datasheet.pinout?.unpinned(.bjt) == ["base 1", "base 2"])
        let detail = TransistorDetailViewModel(transistor: mirror).sections.flatMap(\.rows).first { $0.label.hasPrefix("Pinout") }
        #expect(detail?.value == "1 collector 2 · 2 collector 1 · 3 emitter 1 · 4 emitter 2; without a pin of its own (joined inside): base 1, base 2")
        #expect(!problems.contains { $0.reason.hasPrefix("the description gives no polarity") && $0.reason.lowercased().contains("jfet") }, "\(problems)")
    }

    @Test("KiCad's generic symbols (Device.kicad_sym's Q_NPN_BCE…) are drawings, not parts")
    func genericSymbolsAreNotParts() throws {
        let path = "\(Self.debianSymbols)/Device.kicad_sym"
        guard FileManager.default.fileExists(atPath: path) else {
            ExternalComponent.unavailable("reading KiCad's libraries needs \(path) (Debian: apt-get install kicad-symbols)")
            return
        }
        let catalog = try KiCadTransistors.read(try Data(contentsOf: URL(fileURLWithPath: path)), file: "Device.kicad_sym")
        #expect(catalog.transistors.isEmpty, "\(catalog.transistors.map(\.partNumber).prefix(5))")
        #expect(catalog.problems.isEmpty, "\(catalog.problems.prefix(3))")
    }
}

/// A catalog file read for what it is, and catalogs merged.
@Suite struct KiCadCatalogSourceTests {
    @Test("the catalog decoder reads a KiCad library for what it is")
    func decoderTellsAKiCadLibrary() throws {
        let catalog = try TransistorCatalogDecoder().decode(try Fixtures.data(Fixtures.kiCadTwoSymbols))
        #expect(catalog.transistors.map(\.partNumber) == ["QX100", "QX101"])
    }

    @Test("merged catalogs: the first source wins each figure, a conflict and each source's problems named with the source")
    func mergesCatalogs() {
        let first = TransistorCatalog(transistors: [BJT(ratings: Ratings(maxVoltage: 45, maxCurrent: 0.1), partNumber: "BC547", package: Package("TO-92"), use: "a", doping: .npn)],
                                      problems: [Problem(itemName: "2N2646", reason: "a unijunction, not a BJT, MOSFET or JFET")])
        let second = TransistorCatalog(transistors: [
            BJT(ratings: Ratings(maxVoltage: 50, maxCurrent: 0.2), partNumber: "bc547", package: Package("TO-92"), use: "b", doping: .npn),
            BJT(ratings: Ratings(maxVoltage: 45, maxCurrent: 0.1), partNumber: "BC557", package: Package("TO-92"), use: "c", doping: .pnp),
        ])
        let merged = MergedCatalogProvider.merged([("kicad.kicad_sym", first), ("mine.json", second)])
        #expect(merged.transistors.map(\.partNumber) == ["BC547", "BC557"])
        #expect(merged.transistor(partNumber: "BC547")?.use == "a")
        #expect(merged.problems.map(\.description) == [
            "kicad.kicad_sym: 2N2646: a unijunction, not a BJT, MOSFET or JFET",
            "mine.json: BC547: ratings.max_voltage is 50 V here and 45 V in kicad.kicad_sym; the first is kept",
            "mine.json: BC547: ratings.max_current is 200 mA here and 100 mA in kicad.kicad_sym; the first is kept",
        ])
    }
}

/// Substitutes among KiCad's parts, where aliases share their parent's drawing and pins.
@Suite struct KiCadSubstituteTests {
    @Test("an alias is a drop-in for its parent only when its ratings allow it: BC546 and BC550 for BC547, not BC548 or BC549")
    func aliasesAreDropInsOnlyWithEnoughRating() throws {
        let path = "\(KiCadTransistorsTests.debianSymbols)/Transistor_BJT.kicad_sym"
        guard FileManager.default.fileExists(atPath: path) else {
            ExternalComponent.unavailable("reading KiCad's libraries needs \(path) (Debian: apt-get install kicad-symbols)")
            return
        }
        let catalog = try KiCadTransistors.read(try Data(contentsOf: URL(fileURLWithPath: path)), file: "Transistor_BJT.kicad_sym")
        let original = try #require(catalog.transistor(partNumber: "BC547"))
        let substitutes = try TransistorListViewModel(catalog: catalog).substitutes(for: original, samePinoutOnly: true, limit: SubstitutesViewModel.maximumLimit)
        // Unverified all: KiCad gives no hFE nor fT, which a BJT is chosen by.
        #expect(substitutes.rows.allSatisfy { !$0.isVerified })
        let dropIns = Set(substitutes.rows.filter { $0.fit == "unverified, drop-in" }.map(\.partNumber))
        #expect(dropIns.isSuperset(of: ["BC546", "BC550"]), "\(dropIns.sorted())")
        #expect(dropIns.isDisjoint(with: ["BC548", "BC549"]), "\(dropIns.sorted())")
    }
}
