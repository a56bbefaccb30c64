import Foundation
import ListorTestSupport
import Testing

/// `listor transistors list` over a catalog of files: the first run writes the index file, later
/// runs answer from it, and a damaged or stale one is made again, the damage reported.
@Suite struct IndexFileCommandTests {
    @Test("the second run answers from the index file as the first did; a changed catalog is read again; a damaged index is reported and made again")
    func answersFromTheIndexFile() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data")
        let catalog = directory.path("Test.kicad_sym")
        try Fixtures.data(Fixtures.kiCadTwoSymbols).write(to: URL(fileURLWithPath: catalog))
        var variables = ProcessInfo.processInfo.environment
        variables["XDG_DATA_HOME"] = data
        let arguments = ["transistors", "list", "--catalog", catalog, "--format", "json"]

        let first = await listor(arguments, variables: variables)
        #expect(first.exitCode == 0 && first.errorOutput.isEmpty, "\(first.errorOutput)")
        let indexes = try FileManager.default.contentsOfDirectory(atPath: data + "/listor/transistor-index")
        #expect(indexes.count == 1 && indexes[0].hasSuffix(".index"), "\(indexes)")
        let index = data + "/listor/transistor-index/" + indexes[0]
        let written = try Data(contentsOf: URL(fileURLWithPath: index))

        let second = await listor(arguments, variables: variables)
        #expect(second.output == first.output && second.errorOutput.isEmpty, "\(second.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == written, "the index file was used, not written again")

        // A byte of a part's record changed: reported, and the answer is the catalog's.
        var damaged = [UInt8](written)
        let record = try #require(damaged.lastIndex(of: UInt8(ascii: "Q")))
        damaged[record] = UInt8(ascii: "Z")
        try Data(damaged).write(to: URL(fileURLWithPath: index))
        let third = await listor(arguments, variables: variables)
        #expect(third.output == first.output, "\(third.output)")
        #expect(third.errorOutput.contains("warning: the index file") && third.errorOutput.contains("is damaged"), "\(third.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == written, "the damaged index was made again")

        // The catalog changed: its index is stale, and the new catalog is listed, without a warning.
        let changed = String(decoding: try Fixtures.data(Fixtures.kiCadTwoSymbols), as: UTF8.self).replacingOccurrences(of: "65V Vce", with: "75V Vce")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: catalog))
        let fourth = await listor(arguments, variables: variables)
        #expect(fourth.errorOutput.isEmpty && fourth.output.contains(#""max_voltage": 75"#), "\(fourth.output)\(fourth.errorOutput)")
        let fifth = await listor(arguments, variables: variables)
        #expect(fifth.output == fourth.output)
    }
}
