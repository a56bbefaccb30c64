import ArgumentParser

/// A command that writes through a `CommandEnvironment` rather than to the process's streams.
package protocol ListorCommand: AsyncParsableCommand {
    func run(in environment: CommandEnvironment) async throws
}

extension ListorCommand {
    package func run() async throws {
        try await run(in: .standard)
    }
}
