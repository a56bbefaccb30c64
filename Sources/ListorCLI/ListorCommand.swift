import ArgumentParser

/// A command that writes through a `CommandEnvironment` rather than to the process's streams.
protocol ListorCommand: AsyncParsableCommand {
    func run(in environment: CommandEnvironment) async throws
}

extension ListorCommand {
    func run() async throws {
        try await run(in: .standard)
    }
}
