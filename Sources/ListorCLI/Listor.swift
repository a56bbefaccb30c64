import ArgumentParser

/// The `listor` command: every Listor app has a subcommand group.
public struct Listor: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "listor",
        abstract: "Five list–detail apps on one core, in the browser (listor serve) and the terminal.",
        subcommands: [ServeCommand.self, TransistorsCommand.self, ModbusCommand.self, LibraryCommand.self, StellaCommand.self])

    public init() {}

    /// Parses `arguments`, runs the command with `environment`, and returns the exit code.
    ///
    /// `main.swift` and the tests both come through here, so tests see exactly what users see:
    /// the same output, the same messages on standard error, the same exit codes.
    public static func run(_ arguments: [String], in environment: CommandEnvironment) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if let runnable = command as? any ListorCommand {
                try await runnable.run(in: environment)
            } else {
                // Help and command groups print nothing themselves: they throw a help request,
                // which the catch below writes to `environment`.
                try command.run()
            }
            return ExitCode.success.rawValue
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { environment.write(message + "\n") } else { environment.writeError(message + "\n") }
            }
            return code.rawValue
        }
    }
}

/// A command that writes through a `CommandEnvironment` rather than to the process's streams.
protocol ListorCommand: AsyncParsableCommand {
    func run(in environment: CommandEnvironment) async throws
}

extension ListorCommand {
    func run() async throws {
        try await run(in: .standard)
    }
}
