import Foundation
import ListorCLI
import ListorCommandKit
import Synchronization

/// What one run of `listor` printed and returned.
struct CommandResult: Sendable {
    let exitCode: Int32
    let output: String
    let errorOutput: String
}

/// Runs `listor` in process through the same entry point as `main.swift`, capturing both streams.
func listor(_ arguments: String...) async -> CommandResult {
    await listor(arguments)
}

/// Runs `listor` with `input` as the lines of standard input (empty: it ends at once), its
/// tables `columns` wide; `variables`, when given, are its environment variables instead of the process's.
func listor(_ arguments: [String], input: [String] = [], columns: Int = 80, variables: [String: String]? = nil) async -> CommandResult {
    let streams = Mutex((output: "", errorOutput: ""))
    let lines = Mutex(input[...])
    var environment = CommandEnvironment(
        write: { text in streams.withLock { $0.output += text } },
        writeError: { text in streams.withLock { $0.errorOutput += text } },
        readLine: { lines.withLock { $0.popFirst() } })
        .width(columns)
    if let variables { environment.variables = variables }
    // Index files and other data go to the tests' own data directory, not the user's.
    if variables?["XDG_DATA_HOME"] == nil { environment.variables["XDG_DATA_HOME"] = testDataHome }
    let code = await Listor.run(arguments, in: environment)
    return streams.withLock { CommandResult(exitCode: code, output: $0.output, errorOutput: $0.errorOutput) }
}

/// A data directory for this test process, under the temporary directory.
let testDataHome = FileManager.default.temporaryDirectory.appendingPathComponent("listor-test-data-\(ProcessInfo.processInfo.processIdentifier)").path
