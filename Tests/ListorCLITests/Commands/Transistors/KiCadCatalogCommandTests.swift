import Foundation
import ListorTestSupport
import Testing

/// `--catalog` with KiCad symbol libraries: a file, a folder of them, and several catalogs merged.
@Suite struct KiCadCatalogCommandTests {
    @Test("a folder of KiCad libraries and the seed's catalog together: every part listed once, a conflict named with both sources")
    func mergesAFolderWithAFile() async throws {
        let directory = try TemporaryDirectory()
        let libraries = directory.path("kicad")
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        try Fixtures.data(Fixtures.kiCadTwoSymbols).write(to: URL(fileURLWithPath: libraries).appendingPathComponent("Test.kicad_sym"))
        // The same part in the seed's format, after the library: the library's is kept.
        let seed = try directory.write("extra.json", Data(#"""
            [{"part_number": "QX100", "BJT": {"bjt_doping": "PNP"}, "ratings": {"max_voltage": 10, "max_current": 1}, "use": "x", "package": "TO-92"},
             {"part_number": "QX200", "MOSFET": {"mosfet_doping": "NMOS"}, "ratings": {"max_voltage": 30, "max_current": 2}, "use": "y", "package": "SOT-23"}]
            """#.utf8))
        let result = await listor("transistors", "list", "--catalog", libraries, "--catalog", seed, "--format", "csv")
        #expect(result.exitCode == 0, "\(result.errorOutput)")
        let parts = result.output.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",").first.map(String.init) ?? "" }
        #expect(parts == ["QX100", "QX101", "QX200"], "\(result.output)")
        #expect(result.output.contains("QX100,BJT,NPN,45"), "\(result.output)")
        #expect(result.errorOutput.contains("extra.json: QX100: a PNP BJT here, a NPN BJT in Test.kicad_sym; the part from Test.kicad_sym is kept"), "\(result.errorOutput)")
    }

    /// What a parts engineer met on KiCad's own libraries: the entries not read said once, a
    /// logic-level search that says why it found nothing, a substitute never a fit on a figure
    /// nobody gives, tables in 80 columns, and a part's datasheet and source.
    @Test("KiCad's libraries: each command says what it could not judge, in the terminal's width")
    func kiCadsLibrariesAsAPartsEngineerUsesThem() async throws {
        let libraries = ["/usr/share/kicad/symbols/Transistor_FET.kicad_sym", "/usr/share/kicad/symbols/Transistor_BJT.kicad_sym"]
        guard libraries.allSatisfy(FileManager.default.fileExists(atPath:)) else {
            ExternalComponent.unavailable("reading KiCad's libraries needs \(libraries[0]) (Debian: apt-get install kicad-symbols)")
            return
        }
        let catalog = libraries.flatMap { ["--catalog", $0] }
        let list = await listor(["transistors", "list"] + catalog)
        #expect(list.errorOutput.split(separator: "\n").count == 1 && list.errorOutput.hasSuffix("could not be read (--problems lists them, each with why)\n"), "\(list.errorOutput)")
        #expect(list.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(list.output.split(separator: "\n").max { $0.count < $1.count } ?? "")")
        let logicLevel = await listor(["transistors", "list", "--search", "nmos logic-level sot-23 vds>=30V"] + catalog)
        #expect(logicLevel.output.hasPrefix("No transistors match; ") && logicLevel.output.contains(" MOSFETs not judged logic-level: their catalog gives no threshold"),
                "\(logicLevel.output)")
        let substitutes = await listor(["transistors", "substitutes", "IRLZ44N"] + catalog)
        #expect(!substitutes.output.contains("meets every figure") && substitutes.output.contains("Unverified:"), "\(substitutes.output)")
        #expect(substitutes.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let sorted = await listor(["transistors", "list", "--search", "nmos to-220", "--sort", "rds"] + catalog)
        #expect(sorted.output.hasPrefix("PART") && sorted.output.split(separator: "\n").first?.contains("RDS(ON)") == true, "\(sorted.output)")
        let show = await listor(["transistors", "show", "IRLZ44N"] + catalog)
        #expect(show.output.hasSuffix("Datasheet: http://www.irf.com/product-info/datasheets/data/irlz44n.pdf\nSource: Transistor_FET.kicad_sym: IRLZ44N\n"), "\(show.output)")
        let help = await listor("transistors", "list", "--help")
        #expect(help.output.contains("logic-level") && help.output.contains("rds"))
    }

    @Test("the word bundled names the bundled catalog among others: its parts and figures first, KiCad's after")
    func mergesTheBundledCatalog() async throws {
        let directory = try TemporaryDirectory()
        let library = try directory.write("Test.kicad_sym", try Fixtures.data(Fixtures.kiCadTwoSymbols))
        let alone = await listor("transistors", "list", "--format", "csv")
        let merged = await listor("transistors", "list", "--catalog", "bundled", "--catalog", library, "--format", "csv")
        #expect(merged.exitCode == 0, "\(merged.errorOutput)")
        let count = { (output: String) in output.split(whereSeparator: \.isNewline).count - 1 }
        #expect(count(merged.output) == count(alone.output) + 2, "\(merged.output)")
        #expect(merged.output.contains("QX101,BJT,NPN,65"))
    }

    @Test("a folder without a KiCad library is refused naming it")
    func emptyFolderIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let result = await listor("transistors", "list", "--catalog", directory.url.path)
        #expect(result.exitCode == 64)
        #expect(result.errorOutput.contains("--catalog: the folder \(directory.url.path) holds no KiCad symbol library (.kicad_sym)"), "\(result.errorOutput)")
    }
}
