import ArgumentParser
import Library
import ListorKit
import Stella
import TextBrowser

/// The `listor` command: every Listor app has a subcommand group.
public struct Listor: AsyncParsableCommand {
    /// This build's version: `listor --version` prints it, and `serve` logs it first.
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "listor",
        abstract: "Five list–detail apps on one core, in the browser (listor serve) and the terminal.",
        version: version,
        subcommands: [ServeCommand.self, TransistorsCommand.self, ModbusCommand.self, LibraryCommand.self, BrowseCommand.self, StellaCommand.self])

    public init() {}

    /// Parses `arguments`, runs the command with `environment`, and returns the exit code.
    ///
    /// `main.swift` and the tests both come through here, so tests see exactly what users see:
    /// the same output, the same messages on standard error, the same exit codes.
    public static func run(_ arguments: [String], in environment: CommandEnvironment) async -> Int32 {
        var parsed: (any ParsableCommand.Type)?
        var configuration: ServeConfiguration?
        do {
            var arguments = Self.optionsAfterSubcommands(arguments)
            if arguments.first == ServeCommand._commandName, !arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
                // serve's settings from its file and the environment, before its command line.
                parsed = ServeCommand.self
                configuration = try await ServeConfiguration(commandLine: Array(arguments.dropFirst()), variables: environment.variables)
                arguments = [arguments[0]] + (configuration?.arguments ?? []) + arguments.dropFirst()
                parsed = nil
            }
            var command = try parseAsRoot(arguments)
            parsed = type(of: command)
            if let runnable = command as? any ListorCommand {
                try await runnable.run(in: environment)
            } else {
                // Help and command groups print nothing themselves: they throw a help request,
                // which the catch below writes to `environment`.
                try command.run()
            }
            return ExitCode.success.rawValue
        } catch let error as ValidationError where parsed != nil {
            // Refused once parsed: with the usage of the command that refused it, not the root's.
            environment.writeError(Self.refusal(ValidationError(configuration?.naming(error.message) ?? error.message), by: parsed!))
            return ExitCode.validationFailure.rawValue
        } catch {
            if let message = failure(error) {
                environment.writeError(message)
                return ExitCode.failure.rawValue
            }
            let code = exitCode(for: error)
            let message = configuration?.naming(fullMessage(for: error)) ?? fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { environment.write(message + "\n") } else { environment.writeError(message + "\n") }
            }
            return code.rawValue
        }
    }
}

extension Listor {
    /// `arguments` with options given between a command group and its subcommand
    /// (`library --data-dir d1 show 11`) moved after the subcommand, where they are declared:
    /// every subcommand of a group takes the group's shared options.
    static func optionsAfterSubcommands(_ arguments: [String]) -> [String] {
        var arguments = arguments
        var group: any ParsableCommand.Type = Listor.self
        var index = 0
        while index < arguments.count {
            let names = group.configuration.subcommands.map { ($0._commandName, $0) }
            guard !names.isEmpty else { break }
            if let (_, subcommand) = names.first(where: { $0.0 == arguments[index] }) {
                group = subcommand
                index += 1
                continue
            }
            guard arguments[index].hasPrefix("-"), arguments[index] != "--",
                  let position = arguments[index...].firstIndex(where: { argument in names.contains { $0.0 == argument } }) else { break }
            let options = Array(arguments[index..<position])
            arguments.replaceSubrange(index...position, with: [arguments[position]] + options)
        }
        return arguments
    }

    /// "Error: …", the usage of `command` and where its help is, as ArgumentParser writes them.
    static func refusal(_ error: ValidationError, by command: any ParsableCommand.Type) -> String {
        let usage = usageString(for: command)
        let path = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }.joined(separator: " ")
        return "Error: \(error.message)\nUsage: \(usage)\n  See '\(path) --help' for more information.\n"
    }

    /// What the apps refuse or fail at, as the command line says it: "error: …" (a line per
    /// field for a form) and exit code 1. Nil for ArgumentParser's own errors and exit codes.
    static func failure(_ error: any Error) -> String? {
        switch error {
        case let errors as FieldErrors:
            errors.errors.map { "error: \($0)\n" }.joined()
        case is LibraryError, is LibraryStoreError, is RemoteLibraryError, is CatalogueError, is NetworkError, is CSVImportError, is FileError,
             is CompositionError, is BrowserError, is HistoryError, is BrowseFailure, is StoreError, is ShopifyCSVError:
            "error: \(error)\n"
        default:
            nil
        }
    }
}
