import ArgumentParser
import Library
import ListorKit
import Stella
import TextBrowser

/// The `listor` command: every Listor app has a subcommand group.
public struct Listor: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "listor",
        abstract: "Five list–detail apps on one core, in the browser (listor serve) and the terminal.",
        subcommands: [ServeCommand.self, TransistorsCommand.self, ModbusCommand.self, LibraryCommand.self, BrowseCommand.self, StellaCommand.self])

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
            if let message = failure(error) {
                environment.writeError(message)
                return ExitCode.failure.rawValue
            }
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { environment.write(message + "\n") } else { environment.writeError(message + "\n") }
            }
            return code.rawValue
        }
    }
}

extension Listor {
    /// What the apps refuse or fail at, as the command line says it: "error: …" (a line per
    /// field for a form) and exit code 1. Nil for ArgumentParser's own errors and exit codes.
    static func failure(_ error: any Error) -> String? {
        switch error {
        case let errors as FieldErrors:
            errors.errors.map { "error: \($0)\n" }.joined()
        case is LibraryError, is LibraryStoreError, is RemoteLibraryError, is CatalogueError, is NetworkError, is CSVImportError, is FileError,
             is CompositionError, is BrowserError, is HistoryError, is BrowseFailure:
            "error: \(error)\n"
        default:
            nil
        }
    }
}
