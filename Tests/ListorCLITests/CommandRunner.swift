import ListorCLI
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

func listor(_ arguments: [String]) async -> CommandResult {
    let streams = Mutex((output: "", errorOutput: ""))
    let environment = CommandEnvironment(
        write: { text in streams.withLock { $0.output += text } },
        writeError: { text in streams.withLock { $0.errorOutput += text } })
    let code = await Listor.run(arguments, in: environment)
    return streams.withLock { CommandResult(exitCode: code, output: $0.output, errorOutput: $0.errorOutput) }
}
