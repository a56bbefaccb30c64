import Foundation
import ListorKit
import Testing
@testable import Transistors

@Suite struct BundledCatalogTests {
    private func load() async throws -> TransistorCatalog {
        try await TransistorCatalogProviders.bundled().load()
    }

    @Test func hasAtLeast150PartsOfEveryFamilyAndNoProblems() async throws {
        let catalog = try await load()
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(catalog.transistors.count >= 150)
        for family in TransistorFamily.allCases {
            #expect(catalog.transistors.filter { $0.family == family }.count >= 25, "too few \(family.rawValue)s")
        }
        #expect(catalog.transistors.contains { $0.use.localizedCaseInsensitiveContains("darlington") })
        #expect(catalog.transistors.contains { $0.use.localizedCaseInsensitiveContains("logic-level") })
    }

    @Test func containsTheSeedsExamplesUnchanged() async throws {
        let catalog = try await load()
        for (_, expected) in SeedExamplesTests.expected {
            let part = try #require(catalog.transistor(partNumber: expected.partNumber))
            #expect(part.ratings == expected.ratings)
            #expect(part.package == expected.package)
            #expect(part.use == expected.use)
            #expect(part.dopingName == expected.dopingName)
        }
    }

    @Test(arguments: [("BC547", "CBE"), ("2N3904", "EBC"), ("IRF540N", "GDS"), ("2N7000", "SGD"), ("BD139", "ECB"), ("BC847", "BEC")])
    func pinoutsFollowTheDatasheets(part: String, pinout: String) async throws {
        #expect(try await load().transistor(partNumber: part)?.datasheet.pinout?.description == pinout)
    }

    @Test func complementaryPartsPointAtEachOtherWithOppositePolarity() async throws {
        let catalog = try await load()
        for part in catalog.transistors {
            guard let name = part.datasheet.complement else { continue }
            let complement = try #require(catalog.transistor(partNumber: name), "\(part.partNumber)'s complement \(name) is not in the catalog")
            #expect(complement.datasheet.complement == part.partNumber, "\(name) does not name \(part.partNumber) back")
            #expect(complement.family == part.family && complement.isNType != part.isNType, "\(part.partNumber) and \(name)")
        }
    }

    @Test func familyParametersAreConsistent() async throws {
        for part in try await load().transistors {
            switch part {
            case let mosfet as MOSFET:
                if let threshold = mosfet.parameters.gateThresholdMax {
                    #expect((threshold > 0) == mosfet.isNType, "\(mosfet.partNumber): VGS(th) sign")
                }
            case let jfet as JFET:
                if let cutoff = jfet.parameters.cutoffVoltageMax {
                    #expect((cutoff < 0) == jfet.isNType, "\(jfet.partNumber): VGS(off) sign")
                }
                if let idssMax = jfet.parameters.idssMax, let current = jfet.ratings.maxCurrent {
                    #expect(idssMax <= current, "\(jfet.partNumber): IDSS above the current rating")
                }
            default:
                break
            }
        }
    }
}
