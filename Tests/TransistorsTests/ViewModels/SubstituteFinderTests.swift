import Foundation
import ListorKit
import Testing
@testable import Transistors

/// Substitutes on the bundled catalog, checked against what the datasheets say, and the rules
/// one by one on made-up parts.
@Suite struct SubstituteFinderTests {
    private func substitutes(_ part: String, samePinoutOnly: Bool = false) async throws -> (any Transistor, [Substitute]) {
        let catalog = try await TransistorCatalogProviders.bundled().load()
        let original = try #require(catalog.transistor(partNumber: part))
        return (original, SubstituteFinder(samePinoutOnly: samePinoutOnly).substitutes(for: original, among: catalog.transistors))
    }

    /// BC547 (45 V, 100 mA, hFE ≥ 110, CBE): BC546 and BC550 drop in; BC548 (30 V) and 2N3904
    /// (40 V, and EBC) do not reach its voltage; its complement BC557 is a PNP and never offered.
    @Test func bc547IsReplacedByItsOwnClassFirst() async throws {
        let (_, found) = try await substitutes("BC547")
        let parts = found.map(\.transistor.partNumber)
        #expect(Array(parts.prefix(2)) == ["BC546", "BC550"])
        #expect(found.prefix(2).allSatisfy { $0.fit == .dropIn && $0.warnings.isEmpty })
        #expect(!parts.contains("BC548") && !parts.contains("2N3904") && !parts.contains("BC557"))
        #expect(found.allSatisfy { $0.transistor.dopingName == "NPN" && ($0.transistor.ratings.maxVoltage ?? 0) >= 45 })
        let pinsDiffer = try #require(found.first { $0.fit == .pinsDiffer })
        #expect(pinsDiffer.warnings.first == "pins differ: \(pinsDiffer.transistor.datasheet.pinout!) vs CBE")
        #expect(found.map(\.fit) == found.map(\.fit).sorted(), "drop-ins, then pins that differ, then other packages")
        #expect(found[0].reasons == ["same package and pins: CBE in TO-92", "VCEO 65 V ≥ 45 V", "IC 100 mA ≥ 100 mA",
                                     "Ptot 500 mW ≥ 500 mW", "hFE min 110 ≥ 110", "fT 300 MHz ≥ 300 MHz"])
    }

    /// IRFZ44N (55 V, 49 A, 17.5 mΩ at 10 V, TO-220 GDS): parts of at least 55 V and 49 A, the
    /// TO-220s with GDS first; its D²PAK twin after them, flagged.
    @Test func irfz44nIsReplacedByTO220PartsOfAtLeast55VAnd49A() async throws {
        let (_, found) = try await substitutes("IRFZ44N")
        #expect(!found.isEmpty)
        #expect(found.allSatisfy {
            ($0.transistor.ratings.maxVoltage ?? 0) >= 55 && ($0.transistor.ratings.maxCurrent ?? 0) >= 49 && $0.transistor.dopingName == "NMOS"
        })
        let dropIns = found.prefix { $0.fit == .dropIn }
        #expect(!dropIns.isEmpty)
        #expect(dropIns.allSatisfy { $0.transistor.package.name == "TO-220" && $0.transistor.datasheet.pinout?.description == "GDS" })
        let twin = try #require(found.first { $0.transistor.partNumber == "IRFZ44NS" })
        #expect(twin.fit == .packageDiffers)
        #expect(twin.warnings.first == "package differs: D2PAK vs TO-220")
        #expect(found.allSatisfy { ($0.transistor as? MOSFET)?.parameters.onResistance ?? 0 <= 0.0175 })
    }

    /// The best few, described only once chosen, are the first few of the full ranking, ties
    /// at the cut included, with the full count.
    @Test func theBestFewAreTheFirstOfTheWholeRanking() async throws {
        let catalog = try await TransistorCatalogProviders.bundled().load()
        let finder = SubstituteFinder()
        for original in catalog.transistors {
            let all = finder.substitutes(for: original, among: catalog.transistors)
            for limit in [1, 3, 20] {
                let best = finder.best(for: original, among: catalog.transistors, limit: limit)
                #expect(best.total == all.count, "\(original.partNumber)")
                #expect(best.substitutes.map(\.transistor.partNumber) == all.prefix(limit).map(\.transistor.partNumber), "\(original.partNumber) best \(limit)")
                #expect(best.substitutes.map(\.reasons) == all.prefix(limit).map(\.reasons))
                #expect(best.substitutes.map(\.warnings) == all.prefix(limit).map(\.warnings))
            }
        }
    }

    /// Never the other polarity or family, never the part itself or its complement, for any part.
    @Test func everySubstituteIsOfTheSameFamilyAndPolarity() async throws {
        let catalog = try await TransistorCatalogProviders.bundled().load()
        let finder = SubstituteFinder()
        for original in catalog.transistors {
            for substitute in finder.substitutes(for: original, among: catalog.transistors) {
                let part = substitute.transistor
                #expect(part.family == original.family && part.isNType == original.isNType, "\(part.partNumber) for \(original.partNumber)")
                #expect(part.partNumber != original.partNumber && part.partNumber != original.datasheet.complement)
                #expect((part.ratings.maxVoltage ?? 0) >= (original.ratings.maxVoltage ?? 0) && (part.ratings.maxCurrent ?? 0) >= (original.ratings.maxCurrent ?? 0))
            }
        }
    }

    /// A BJT is chosen for its gain and speed, a MOSFET for its gate drive: when the original's
    /// datasheet does not give them (KiCad's libraries do not), no candidate is shown to fit,
    /// however well the rest matches; and a dual part never stands for a single one.
    @Test func aFigureTheOriginalDoesNotGiveLeavesEveryCandidateUnverified() {
        func bare(_ part: String, pinout: Pinout? = nil, use: String = "") -> BJT {
            BJT(ratings: Ratings(maxVoltage: 40, maxCurrent: 0.2), partNumber: part, package: Package("TO-92"), use: use, doping: .npn,
                datasheet: Datasheet(pinout: pinout ?? Pinout(terminals: [.emitter, .base, .collector])))
        }
        let found = SubstituteFinder().substitutes(for: bare("2N3904"), among: [bare("PN2222A"), bare("BC846S", use: "Dual NPN, SOT-363")])
        #expect(found.map(\.transistor.partNumber) == ["PN2222A"], "the dual part is no substitute")
        #expect(found.first?.isVerified == false && found.first?.notGiven == ["hFE min", "fT"], "\(String(describing: found.first))")
        func mosfet(_ part: String, threshold: Double?) -> MOSFET {
            MOSFET(ratings: Ratings(maxVoltage: 55, maxCurrent: 47), partNumber: part, package: Package("TO-220"), use: "", doping: .nmos,
                   datasheet: Datasheet(pinout: Pinout(terminals: [.gate, .drain, .source])),
                   parameters: MOSFETParameters(gateThresholdMax: threshold, onResistance: 0.022))
        }
        let standard = SubstituteFinder().substitutes(for: mosfet("IRLZ44N", threshold: nil), among: [mosfet("IRF3205", threshold: 4)])
        #expect(standard.first?.isVerified == false && standard.first?.notGiven == ["gate drive (Vgs(th))"], "\(String(describing: standard.first))")
    }

    @Test func samePinoutKeepsOnlyDropIns() async throws {
        let (_, all) = try await substitutes("2N3904")
        let (_, dropIns) = try await substitutes("2N3904", samePinoutOnly: true)
        #expect(dropIns.map(\.transistor.partNumber) == all.filter { $0.fit == .dropIn }.map(\.transistor.partNumber))
        #expect(dropIns.count < all.count)
    }

    // MARK: - The rules, on made-up parts

    private func npn(_ part: String, volts: Double, amps: Double = 0.1, pinout: String = "CBE", package: String = "TO-92",
                     hfe: Double? = 100, complement: String? = nil) -> BJT {
        BJT(ratings: Ratings(maxVoltage: volts, maxCurrent: amps), partNumber: part, package: Package(package), use: "", doping: .npn,
            datasheet: Datasheet(pinout: Pinout(terminals: pinout.compactMap { Terminal(rawValue: $0) }), complement: complement),
            parameters: BJTParameters(hfeMin: hfe, transitionFrequency: 300e6))
    }

    /// A 45 V part is closer to a 40 V original than a 60 V one; a part whose hFE is not given
    /// comes after one whose hFE is shown to be enough.
    @Test func closerFiguresRankFirst() {
        let original = npn("ORIG", volts: 40)
        let candidates = [npn("SIXTY", volts: 60), npn("FORTYFIVE", volts: 45), npn("UNKNOWNGAIN", volts: 40, hfe: nil),
                          npn("LOWGAIN", volts: 45, hfe: 50), npn("THIRTY", volts: 30)]
        let found = SubstituteFinder().substitutes(for: original, among: candidates)
        #expect(found.map(\.transistor.partNumber) == ["FORTYFIVE", "SIXTY", "UNKNOWNGAIN"])
        #expect(found.last?.warnings == ["hFE min not given (the original's is 100)"])
    }

    /// A complement listed with the same polarity (a catalog's mistake) is still never offered.
    @Test func theComplementIsNeverOffered() {
        let original = npn("ORIG", volts: 40, complement: "TWIN")
        let found = SubstituteFinder().substitutes(for: original, among: [npn("twin", volts: 40), npn("OTHER", volts: 40), original])
        #expect(found.map(\.transistor.partNumber) == ["OTHER"])
    }

    /// Rds(on) counts only at the same or a lower gate voltage; a logic-level original needs a
    /// threshold no higher than its own.
    @Test func onResistanceIsComparedAtTheGateVoltage() {
        func nmos(_ part: String, rds: Double, at gate: Double, threshold: Double) -> MOSFET {
            MOSFET(ratings: Ratings(maxVoltage: 30, maxCurrent: 5), partNumber: part, package: Package("SOT-23"), use: "", doping: .nmos,
                   parameters: MOSFETParameters(gateThresholdMax: threshold, onResistance: rds, onResistanceGateVoltage: gate))
        }
        let original = nmos("ORIG", rds: 0.05, at: 4.5, threshold: 2)
        let found = SubstituteFinder().substitutes(for: original, among: [
            nmos("AT10V", rds: 0.01, at: 10, threshold: 2), nmos("AT4V5", rds: 0.04, at: 4.5, threshold: 1.5),
            nmos("AT2V5", rds: 0.05, at: 2.5, threshold: 1), nmos("HIGHTHRESHOLD", rds: 0.03, at: 4.5, threshold: 3),
        ])
        #expect(found.map(\.transistor.partNumber).sorted() == ["AT2V5", "AT4V5"])
        #expect(found.first { $0.transistor.partNumber == "AT4V5" }?.reasons.contains("Rds(on) 40 mΩ ≤ 50 mΩ at VGS 4.5 V (≤ 4.5 V)") == true)
    }

    /// A JFET is chosen for where it biases: its Idss and Vgs(off) ranges must meet the original's.
    @Test func jfetRangesMustOverlap() {
        func jfet(_ part: String, idss: ClosedRange<Double>, cutoff: ClosedRange<Double>) -> JFET {
            JFET(ratings: Ratings(maxVoltage: 25, maxCurrent: 0.05), partNumber: part, package: Package("TO-92"), use: "", doping: .nChannel,
                 parameters: JFETParameters(idssMin: idss.lowerBound, idssMax: idss.upperBound,
                                            cutoffVoltageMin: -cutoff.lowerBound, cutoffVoltageMax: -cutoff.upperBound))
        }
        let original = jfet("ORIG", idss: 0.002...0.006, cutoff: 0.5...3)
        let found = SubstituteFinder().substitutes(for: original, among: [
            jfet("OVERLAPS", idss: 0.005...0.012, cutoff: 1...4), jfet("HIGHIDSS", idss: 0.02...0.05, cutoff: 1...4),
            jfet("DEEPCUTOFF", idss: 0.003...0.005, cutoff: 4...8), jfet("SAME", idss: 0.002...0.006, cutoff: 0.5...3),
        ])
        #expect(found.map(\.transistor.partNumber) == ["SAME", "OVERLAPS"])
    }
}
