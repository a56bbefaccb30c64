import Foundation
import ListorKit
import Testing
@testable import Transistors

@Suite struct TransistorCSVTests {
    /// Export then import gives the same catalog: every part, every datasheet figure.
    @Test func theBundledCatalogRoundTripsThroughCSV() async throws {
        let bundled = try await TransistorCatalogProviders.bundled().load()
        let csv = TransistorCSV.text(bundled.transistors)
        let again = try TransistorCatalogDecoder().decode(Array(csv.utf8))
        #expect(again.problems.isEmpty)
        #expect(again.transistors.count == bundled.transistors.count)
        #expect(TransistorJSON.value(again.transistors) == TransistorJSON.value(bundled.transistors))
        #expect(TransistorCSV.text(again.transistors) == csv)
    }

    /// Units in cells, columns in any order and spelling, a byte-order mark; each bad row named
    /// by its line and column, the good ones kept.
    @Test func badRowsAreReportedByLineAndColumn() throws {
        let text = "\u{FEFF}" + """
            part-number,Family,doping,max_voltage,max_current,package,use,hfe_min,pinout,vgs_off_min
            BC547,BJT,NPN,45V,100mA,TO-92,"Small signal, audio",110,CBE,
            BAD1,BJT,NPN,-45,0.1,TO-92,,,,
            BAD2,FET,N,45,0.1,TO-92,,,,
            ,BJT,NPN,45,0.1,TO-92,,,,
            BAD3,MOSFET,NMOS,60,0,TO-220,,,,
            BAD4,BJT,NPN,45,0.1,TO-92,,,,-2
            bc547,BJT,NPN,45,0.1,TO-92,,,,
            J1,jfet,n-channel,25 V,0.05,TO-92,,,GSD,-0.5
            DTC114E,BJT,NPN,,,SOT-23,Digital,,B1E1C1,

            """
        let catalog = try TransistorCatalogDecoder().decode(Array(text.utf8))
        #expect(catalog.transistors.map(\.partNumber) == ["BC547", "J1", "DTC114E"])
        // A rating not given is an empty cell; a pin's transistor follows its letter.
        let digital = try #require(catalog.transistor(partNumber: "DTC114E"))
        #expect(digital.ratings == Ratings(maxVoltage: nil, maxCurrent: nil) && digital.datasheet.pinout?.units == [1, 1, 1])
        let bc547 = try #require(catalog.transistor(partNumber: "BC547") as? BJT)
        #expect(bc547.ratings == Ratings(maxVoltage: 45, maxCurrent: 0.1))
        #expect(bc547.use == "Small signal, audio")
        #expect(bc547.parameters.hfeMin == 110)
        #expect((catalog.transistor(partNumber: "J1") as? JFET)?.parameters.cutoffVoltageMin == -0.5)
        #expect(catalog.problems.map(\.description) == [
            "line 3: BAD1: max_voltage (column 4): must be greater than zero (a magnitude in V), found -45.0",
            #"line 4: BAD2: family (column 2): "FET" is not a family; use BJT, MOSFET or JFET"#,
            "line 5: part_number (column 1): must not be empty",
            "line 6: BAD3: max_current (column 5): must be greater than zero (a magnitude in A), found 0.0",
            "line 7: BAD4: vgs_off_min (column 10): is a JFET parameter, but this part is a BJT",
            "line 8: bc547: part_number (column 1): repeats line 2; the first one is kept",
        ])
    }

    @Test(arguments: [
        ("part,kind\nBC547,BJT\n", "not a catalog: it does not start with [ (JSON), and its first line, read as a CSV header, has no part_number, family, doping, max_voltage, max_current, package columns"),
        ("part_number,family,doping,max_voltage,max_current\nBC547,BJT,NPN,45,0.1\n", "not a catalog: it does not start with [ (JSON), and its first line, read as a CSV header, has no package column"),
        ("part_number,family,family\n", "line 1: the column family appears twice"),
        ("\"part_number,family\n", "not valid CSV: line 1: "),
    ])
    func aCSVWithoutTheCatalogsHeaderIsOneClearError(text: String, message: String) {
        #expect {
            try TransistorCatalogDecoder().decode(Array(text.utf8))
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    /// A row that is not CSV (a quote inside an unquoted field, one never closed) costs that
    /// row alone, reported by its line, as any other bad row is.
    @Test func aRowThatIsNotCSVCostsThatRowAlone() throws {
        let text = "part_number,family,doping,max_voltage,max_current,package\nBC547,BJT,NPN,45,0.1,TO-92\nBC5\"48,BJT,NPN,30,0.1,TO-92\n2N3904,BJT,NPN,40,0.2,TO-92\n"
        let catalog = try TransistorCatalogDecoder().decode(Array(text.utf8))
        #expect(catalog.transistors.map(\.partNumber) == ["BC547", "2N3904"])
        #expect(catalog.problems.map(\.description) == ["line 3: not CSV: a quote inside an unquoted field; quote the whole field and double the quote"])
    }

    /// The doping in the words `--doping` and the search take: n and p, nmos, N-channel for a
    /// MOSFET too, in any case; a doping of another family is named.
    @Test func dopingsAreReadInTheFiltersWords() throws {
        let text = """
            part_number,family,doping,max_voltage,max_current,package
            Q1,BJT,n,45,0.1,TO-92
            Q2,BJT,pnp,45,0.1,TO-92
            M1,MOSFET,p,30,1,SOT-23
            M2,MOSFET,N-channel,60,10,TO-220
            J1,JFET,P,25,0.05,TO-92
            J2,JFET,nch,25,0.05,TO-92
            B1,BJT,NMOS,45,0.1,TO-92

            """
        let catalog = try TransistorCatalogDecoder().decode(Array(text.utf8))
        #expect(catalog.transistors.map { "\($0.partNumber) \($0.dopingName)" } == ["Q1 NPN", "Q2 PNP", "M1 PMOS", "M2 NMOS", "J1 P-channel", "J2 N-channel"])
        #expect(catalog.problems.map(\.description) == [#"line 8: B1: doping (column 3): "NMOS" is not one of NPN, PNP"#])
    }

    @Test func jsonIsStillReadAfterAByteOrderMarkOrWhiteSpace() throws {
        let json = #"[{"part_number": "BC547", "BJT": {"bjt_doping": "NPN"}, "ratings": {"max_voltage": 45, "max_current": 0.1}, "use": "", "package": "TO-92"}]"#
        for prefix in ["", "\n  ", "\u{FEFF}"] {
            #expect(!TransistorCatalogDecoder.looksLikeCSV(Array((prefix + json).utf8)))
        }
        #expect(try TransistorCatalogDecoder().decode(Array(("\n  " + json).utf8)).transistors.count == 1)
        #expect(TransistorCatalogDecoder.looksLikeCSV(Array("part_number,family\n".utf8)))
    }
}
