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
