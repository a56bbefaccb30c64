import Foundation
import ListorTestSupport
import Testing

/// How the command line takes what people type: a group's shared options before its
/// subcommand too, and a refusal that shows the usage of the command that refused.
@Suite struct CommandLineShapeTests {
    @Test func sharedOptionsMayComeBeforeTheSubcommand() async throws {
        let directory = try TemporaryDirectory()
        let after = await listor("library", "show", "3", "--data-dir", directory.url.path)
        #expect(after.exitCode == 0, "\(after.errorOutput)")
        let before = await listor("library", "--data-dir", directory.url.path, "show", "3")
        #expect(before.exitCode == 0, "\(before.errorOutput)")
        #expect(before.output == after.output)
        #expect(before.output.hasPrefix("Dune"))
    }

    @Test(arguments: [
        (["modbus", "write", "127.0.0.1:1"], "give at least one value to write", "listor modbus write"),
        (["stella", "products", "ready-to-wear", "--min-price", "abc"], #"--min-price: "abc" is not a price"#, "listor stella products"),
        (["library", "history"], "give a book id or --borrower NAME", "listor library history"),
    ])
    func aRefusalShowsTheUsageOfTheCommandThatRefused(arguments: [String], message: String, command: String) async {
        let run = await listor(arguments)
        #expect(run.exitCode == 64)
        #expect(run.errorOutput.hasPrefix("Error: \(message)"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("Usage: \(command) "), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("See '\(command) --help'"), "\(run.errorOutput)")
    }
}
