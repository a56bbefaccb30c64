import Foundation
import Hummingbird
import ListorCLI
import ListorKit
import ListorTestSupport
import Testing
import Transistors

@Suite struct TransistorListCommandTests {
    private let directory: TemporaryDirectory
    private let seedCatalog: String
    private let partlyBad: String

    init() throws {
        directory = try TemporaryDirectory()
        seedCatalog = try directory.write("seed.json", try Fixtures.seedCatalog())
        partlyBad = Fixtures.url(Fixtures.partlyBadCatalog).path
    }

    @Test func listsATableSortedByPartNumber() async {
        let result = await listor("transistors", "list", "--catalog", seedCatalog)
        #expect(result.exitCode == 0)
        #expect(result.errorOutput == "")
        #expect(result.output == """
            PART      FAMILY  TYPE        VMAX    IMAX  PACKAGE  USE
            2SJ103    JFET    P-channel   50 V   15 mA  TO-92    Voltage-controlled resisto…
            BC547     BJT     NPN         45 V  100 mA  TO-92    Small-signal transistor fo…
            IRF9540N  MOSFET  PMOS       100 V    23 A  TO-220   P-channel MOSFET for power…
            3 transistors

            """)
    }

    @Test func filtersWithUnitsAndSortsHighestFirst() async {
        let result = await listor("transistors", "list", "--catalog", seedCatalog, "--min-current", "15mA", "--sort=-current", "--doping", "p")
        #expect(result.output == """
            PART      FAMILY  TYPE        VMAX   IMAX  PACKAGE  USE
            IRF9540N  MOSFET  PMOS       100 V   23 A  TO-220   P-channel MOSFET for power …
            2SJ103    JFET    P-channel   50 V  15 mA  TO-92    Voltage-controlled resistor…
            2 of 3 transistors

            """)
    }

    @Test func printsTheSeedFormatAndCSV() async throws {
        let json = await listor("transistors", "list", "--catalog", seedCatalog, "--search", "bc547", "--format", "json")
        #expect(json.output == """
            [
              {
                "part_number": "BC547",
                "BJT": {
                  "bjt_doping": "NPN"
                },
                "ratings": {
                  "max_voltage": 45,
                  "max_current": 0.1
                },
                "use": "Small-signal transistor for audio and general-purpose circuits",
                "package": "TO-92"
              }
            ]

            """)
        let csv = await listor("transistors", "list", "--catalog", seedCatalog, "--family", "jfet", "--format", "csv")
        // RFC 4180, as every CSV Listor writes: lines end in CRLF.
        #expect(csv.output == "part_number,family,doping,max_voltage,max_current,package,use,power_dissipation,pinout,complement,"
            + "hfe_min,hfe_max,hfe_at_current,ft,vgs_th_max,rds_on,rds_on_at_vgs,idss_min,idss_max,vgs_off_min,vgs_off_max,url,source\r\n"
            + "2SJ103,JFET,P-channel,50,0.015,TO-92,Voltage-controlled resistor in audio circuits,,,,,,,,,,,,,,,,\r\n")
    }

    @Test func theWholeBundledCatalogRoundTripsThroughJSONAndFitsEightyColumns() async throws {
        let json = await listor("transistors", "list", "--format", "json")
        let again = try TransistorCatalogDecoder().decode(Array(json.output.utf8))
        let bundled = try await TransistorCatalogProviders.bundled().load()
        #expect(again.problems.isEmpty)
        #expect(again.transistors.count == bundled.transistors.count)
        let table = await listor("transistors", "list")
        let widest = table.output.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 80)
    }

    @Test func aPartlyBadCatalogListsTheGoodPartsAndReportsTheRestOnStandardError() async {
        let result = await listor("transistors", "list", "--catalog", partlyBad, "--problems")
        #expect(result.exitCode == 0)
        #expect(result.output == """
            PART    FAMILY  TYPE       VMAX    IMAX  PACKAGE  USE
            GOOD-1  BJT     NPN        45 V  100 mA  TO-92    Test part
            GOOD-2  MOSFET  NMOS       60 V  200 mA  TO-92    Test part
            GOOD-3  JFET    N-channel  25 V    5 mA  TO-92    Test part
            GOOD-4  BJT     PNP        40 V  200 mA  SOT-23   Test part
            4 transistors

            """)
        #expect(result.errorOutput == """
            warning: 6 catalog entries could not be read:
              item 1 (BAD-DOPING-1): BJT.bjt_doping: "NPNX" is not one of NPN, PNP
              item 2 (NO-FAMILY-1): needs exactly one family key (BJT, MOSFET or JFET); found none
              item 3 (TWO-FAMILIES-1): needs exactly one family key (BJT, MOSFET or JFET); found BJT and MOSFET
              item 5 (BAD-VOLTAGE-1): ratings.max_voltage: expected a number, found the string "25V"
              item 6 (GOOD-1): part_number: "GOOD-1" repeats item 0; the first one is kept
              item 7 (BAD-PINOUT-1): datasheet.pinout: "CBX" has 'X', which is not a BJT terminal (C, B, E)

            """)
    }

    @Test func failsOnlyWhenNothingLoaded() async throws {
        let allBad = try directory.write("all-bad.json", Data(#"[{"part_number": "X1"}]"#.utf8))
        let result = await listor("transistors", "list", "--catalog", allBad)
        #expect(result.exitCode == 1)
        #expect(result.output == "")
        #expect(result.errorOutput == """
            warning: 1 catalog entry could not be read:
              item 0 (X1): needs exactly one family key (BJT, MOSFET or JFET); found none
            error: no entry of the catalog could be read

            """)
        let notJSON = try directory.write("not.json", Data("part,family\nBC547,BJT\n".utf8))
        let broken = await listor("transistors", "list", "--catalog", notJSON)
        #expect(broken.exitCode == 1)
        #expect(broken.errorOutput.hasPrefix("error: \(notJSON): not a catalog: it does not start with [ (JSON), and its first line, "
            + "read as a CSV header, has no part_number, doping, max_voltage, max_current, package columns; the columns are those "
            + "`listor transistors list --format csv` writes: part_number,family,doping,"))
        let brokenJSON = try directory.write("broken.json", Data("[{\"part_number\" 1}]".utf8))
        #expect(await listor("transistors", "list", "--catalog", brokenJSON).errorOutput
            == "error: \(brokenJSON): not valid JSON: line 1, column 17: expected ':' after member name \"part_number\", found '1'\n")
        let missing = await listor("transistors", "list", "--catalog", directory.path("missing.json"))
        #expect(missing.errorOutput == "error: \(directory.path("missing.json")): no such file\n")
    }

    @Test func badOptionsAreAllReportedWithTheCommandsUsage() async {
        let result = await listor("transistors", "list", "--min-voltage", "abc", "--family", "triode")
        #expect(result.exitCode == 64)
        #expect(result.output == "")
        let lines = result.errorOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == #"Error: --family: "triode" is not a family; use bjt, mosfet or jfet"#)
        #expect(lines.contains(#"--min-voltage: "abc" is not a voltage: it does not start with a number (examples: 60V, 1.5kV, 500 mV)"#))
        #expect(lines.contains { $0.hasPrefix("Usage: listor transistors list ") })
    }

    /// A CSV catalog is told from JSON by its content: units in cells, columns in any order, and
    /// each bad row reported by its line and column while the good ones are listed.
    @Test func readsACSVCatalogWithItsBadRowsReported() async throws {
        let path = try directory.write("parts.txt", Data("""
            Part Number,max_current,max_voltage,family,doping,package,pinout,rds_on,colour
            Q1,500mA,45V,bjt,npn,TO-92,EBC,,red
            Q2,2xA,60,BJT,NPN,TO-92,,,blue
            Q3,30A,55 V,MOSFET,NMOS,TO-220,GDS,17.5 mohm,
            Q4,1A,40,BJT,NPN,SOT-23,GDS,,

            """.utf8))
        let result = await listor("transistors", "list", "--catalog", path, "--sort=-voltage")
        #expect(result.exitCode == 0)
        #expect(result.output == """
            PART  FAMILY  TYPE  VMAX    IMAX  PACKAGE  USE
            Q3    MOSFET  NMOS  55 V    30 A  TO-220
            Q1    BJT     NPN   45 V  500 mA  TO-92
            2 transistors

            """)
        #expect(result.errorOutput == """
            warning: colour (column 9 of the header): is not a catalog column; it was ignored
            warning: 2 catalog entries could not be read:
              line 3: Q2: max_current (column 2): "2xA" is not a current: unknown unit "xA"; expected A with an optional prefix (examples: 500mA, 0.5 A, 2A)
              line 5: Q4: pinout (column 7): "GDS" has 'G', which is not a BJT terminal (C, B, E)

            """)
    }

    @Test func readsACatalogOverHTTP() async throws {
        let router = Router()
        let body = try Fixtures.data(Fixtures.partlyBadCatalog)
        router.get("catalog.json") { _, _ in Response(status: .ok, body: .init(byteBuffer: .init(bytes: body))) }
        try await withLoopbackServer(router) { base in
            let good = await listor("transistors", "list", "--catalog", base.appendingPathComponent("catalog.json").absoluteString, "--format", "csv")
            #expect(good.exitCode == 0)
            #expect(good.output.split(separator: "\r\n").dropFirst().map { String($0.prefix(6)) } == ["GOOD-1", "GOOD-2", "GOOD-3", "GOOD-4"])
            #expect(good.errorOutput == "warning: 6 catalog entries could not be read (--problems lists them, each with why)\n", "said once")
            let missingURL = base.appendingPathComponent("nothing.json").absoluteString
            let missing = await listor("transistors", "list", "--catalog", missingURL)
            #expect(missing.exitCode == 1)
            #expect(missing.errorOutput == "error: \(missingURL): the server answered 404 Not Found\n")
        }
    }
}

@Suite struct TransistorShowCommandTests {
    @Test func showsEveryFieldOfABundledPart() async {
        let result = await listor("transistors", "show", "2N7000")
        #expect(result.exitCode == 0)
        #expect(result.output == """
            2N7000
            NMOS MOSFET in TO-92
            Small-signal switching and logic-level shifting

            Absolute maximum ratings
              Drain–source voltage (VDS)     60 V
              Drain current (ID)             200 mA
              Power dissipation (Ptot)       400 mW

            Package
              Package                        TO-92
              Pinout (SGD)                   1 source · 2 gate · 3 drain

            MOSFET parameters
              Gate threshold, max (VGS(th))  3 V
              On-resistance, max (RDS(on))   5 Ω at VGS = 10 V

            """)
    }

    @Test func findsPartsWithoutRegardToCaseAndPrintsJSON() async {
        let result = await listor("transistors", "show", "2sj103", "--format", "json")
        #expect(result.output.hasPrefix("{\n  \"part_number\": \"2SJ103\",\n  \"JFET\": {\n    \"jfet_doping\": \"P-channel\"\n  },"))
    }

    @Test func anUnknownPartFailsAndSuggestsTheClosest() async {
        let result = await listor("transistors", "show", "BC548X")
        #expect(result.exitCode == 1)
        #expect(result.output == "")
        #expect(result.errorOutput == "error: no transistor \"BC548X\" in the catalog; did you mean BC548, BC546, BC547?\n")
    }

    @Test func helpListsTheCommands() async {
        let result = await listor("--help")
        #expect(result.exitCode == 0)
        #expect(result.output.contains("transistors"))
        let list = await listor("transistors", "list", "--help")
        #expect(list.output.contains("--min-voltage <voltage>"))
    }
}

@Suite struct TransistorSubstitutesAndCompareCommandTests {
    /// IRFZ44N's substitutes: TO-220 parts with GDS first, its D²PAK twins after them; the
    /// parts that do not give a figure IRFZ44N's datasheet gives after every part that does.
    @Test func listsSubstitutesBestFirst() async {
        let result = await listor("transistors", "substitutes", "irfz44n")
        #expect(result.exitCode == 0)
        #expect(result.errorOutput == "")
        #expect(result.output == """
            PART      FIT              VMAX   IMAX  PACKAGE  PINS  NOTES
            IRF3205   drop-in          55 V  110 A  TO-220   GDS   meets every figure
            Unverified: a figure such parts are chosen by is not given
            IRF1010E  drop-in          60 V   84 A  TO-220   GDS   not given: Ptot
            IRF2807   drop-in          75 V   82 A  TO-220   GDS   not given: Ptot
            IRFZ44NS  package differs  55 V   49 A  D2PAK    GDS   not given: Ptot
            IRF3205S  package differs  55 V  110 A  D2PAK    GDS   not given: Ptot
            5 substitutes for IRFZ44N, 4 of them unverified

            """)
    }

    /// A 300 MHz small-signal part is not offered Darlingtons or power parts (unless power
    /// packages are asked for), and a part that does not give its fT is never among the fits.
    @Test func aSmallSignalPartIsOfferedPartsOfItsKind() async throws {
        let result = await listor("transistors", "substitutes", "2N3904", "--format", "json")
        let substitutes = try Self.substitutes(result.output)
        let parts = substitutes.compactMap { $0["part_number"]?.stringValue }
        #expect(!parts.isEmpty)
        for darlington in ["TIP120", "BD681", "BDX53C", "MPSA13"] { #expect(!parts.contains(darlington)) }
        #expect(substitutes.allSatisfy { ["TO-92", "SOT-23", "TO-18", "TO-39"].contains($0["part"]?["package"]?.stringValue ?? "") })
        #expect(substitutes.allSatisfy { $0["verified"] == JSONValue.bool(false) }, "none gives fT, Ptot and hFE as 2N3904's datasheet does")
        let power = await listor("transistors", "substitutes", "2N3904", "--power-packages", "--limit", "200", "--format", "json")
        let withPower = try Self.substitutes(power.output)
        #expect(withPower.contains { $0["part"]?["package"]?.stringValue == "TO-220" })
        for darlington in ["TIP120", "BD681", "BDX53C"] { #expect(!withPower.contains { $0["part_number"]?.stringValue == darlington }) }
        let tip120 = await listor("transistors", "substitutes", "TIP120", "--format", "json")
        let forDarlington = try Self.substitutes(tip120.output)
        let darlingtons = forDarlington.compactMap { $0["part_number"]?.stringValue }
        #expect(darlingtons.contains("TIP122"))
        #expect(!forDarlington.contains { $0["part_number"]?.stringValue == "BD139" }, "a plain BJT does not replace a Darlington")
    }

    static func substitutes(_ json: String) throws -> [JSONValue] {
        guard case .array(let items)? = try JSONParser.parse(Array(json.utf8))["substitutes"] else { return [] }
        return items
    }

    @Test func samePinoutAndWhyAndJSON() async throws {
        let dropIns = await listor("transistors", "substitutes", "IRFZ44N", "--same-pinout", "--why", "--limit", "1")
        #expect(dropIns.output == """
            PART     FIT      VMAX   IMAX  PACKAGE  PINS  NOTES
            IRF3205  drop-in  55 V  110 A  TO-220   GDS   meets every figure
                ✓ same package and pins: GDS in TO-220
                ✓ VDS 55 V ≥ 55 V
                ✓ ID 110 A ≥ 49 A
                ✓ Ptot 200 W ≥ 94 W
                ✓ Rds(on) 8 mΩ ≤ 17.5 mΩ at VGS 10 V (≤ 10 V)
            The best 1 of 3 substitutes for IRFZ44N, 2 of them unverified

            """)
        let json = await listor("transistors", "substitutes", "BC547", "--format", "json")
        let value = try JSONParser.parse(Array(json.output.utf8))
        #expect(value["original"] == .string("BC547"))
        guard case .array(let substitutes)? = value["substitutes"] else {
            Issue.record("no substitutes in \(json.output)")
            return
        }
        #expect(substitutes.first?["part_number"] == .string("BC546"))
        #expect(substitutes.first?["part"]?["datasheet"]?["pinout"] == .string("CBE"))
        let none = await listor("transistors", "substitutes", "2N7000", "--same-pinout")
        #expect(none.exitCode == 0)
        #expect(none.output == "No part in the same package with the same pins can replace 2N7000; without that condition there may be some.\n")
    }

    @Test func substitutesOfAnUnknownPartOrABadLimitFail() async {
        let unknown = await listor("transistors", "substitutes", "BC548X")
        #expect(unknown.exitCode == 1)
        #expect(unknown.errorOutput == "error: no transistor \"BC548X\" in the catalog; did you mean BC548, BC546, BC547?\n")
        let limit = await listor("transistors", "substitutes", "BC547", "--limit", "0")
        #expect(limit.exitCode == 64)
        #expect(limit.errorOutput.contains("--limit: 0 is outside 1–200"))
    }

    /// Every field a row, '≠' on the rows that differ, '*' on the best of a row.
    @Test func comparesPartsSideBySide() async {
        let result = await listor(["transistors", "compare", "bc547", "2N3904", "2n2222a"], columns: 120)
        #expect(result.exitCode == 0)
        #expect(result.output == """
                                            BC547                         2N3904                        2N2222A
               Family                       BJT                           BJT                           BJT
               Type                         NPN                           NPN                           NPN
            ≠  Package                      TO-92                         TO-92                         TO-18
            ≠  Pinout                       CBE                           EBC                           EBC
            ≠  Collector–emitter voltage …  45 V *                        40 V                          40 V
            ≠  Collector current (IC)       100 mA                        200 mA                        600 mA *
            ≠  Power dissipation (Ptot)     500 mW                        625 mW *                      500 mW
            ≠  DC current gain (hFE)        110 to 800 at 2 mA *          100 to 300 at 10 mA           100 to 300 at 150 mA
               Transition frequency (fT)    300 MHz                       300 MHz                       300 MHz
            ≠  Complementary part           BC557                         2N3906                        2N2907A
            ≠  Use                          Small-signal transistor for…  General-purpose small-signa…  Medium-current switching an…
            ≠ the values differ   * the best of the row   – not given

            """)
    }

    @Test func compareNamesEveryUnknownPartAndCountsTheParts() async {
        let unknown = await listor("transistors", "compare", "BC547", "BC548X", "2N39O4")
        #expect(unknown.exitCode == 1)
        #expect(unknown.output == "")
        #expect(unknown.errorOutput.hasPrefix("error: no transistor \"BC548X\" in the catalog; did you mean BC548"))
        #expect(unknown.errorOutput.contains("error: no transistor \"2N39O4\" in the catalog; did you mean 2N3904"))
        let one = await listor("transistors", "compare", "BC547")
        #expect(one.exitCode == 64)
        #expect(one.errorOutput.contains("give 2 to 4 part numbers to compare, not 1"))
        let same = await listor("transistors", "compare", "BC547", "bc547")
        #expect(same.exitCode == 1)
        #expect(same.errorOutput == "error: BC547 was named more than once; give 2 to 4 different parts\n")
    }
}
