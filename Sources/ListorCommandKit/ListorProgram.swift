import ArgumentParser
import ListorKit

/// What every Listor program shares: its version, and how a command line is parsed, run and
/// answered.
public enum ListorProgram {
    /// `run` for the program of one command group: `arguments` are those after the group's name.
    package static func run<Group: ParsableCommand>(group: Group.Type, _ arguments: some Sequence<String>, in environment: CommandEnvironment,
                                                    prepare: ([String]) async throws -> PreparedArguments? = { _ in nil }) async -> Int32 {
        await run([Group._commandName] + arguments, in: environment, root: GroupProgram<Group>.self, prepare: prepare)
    }

    /// What `prepare` makes of a command line before it is parsed (`serve`'s settings from its
    /// file and the environment put before its own options), how a message names where a value
    /// came from, and what was wrong with the settings left out: refused with the command's own
    /// problems, all at once.
    package struct PreparedArguments {
        package var arguments: [String]
        package var naming: @Sendable (String) -> String
        package var problems: [String]

        package init(arguments: [String], naming: @escaping @Sendable (String) -> String, problems: [String] = []) {
            self.arguments = arguments
            self.naming = naming
            self.problems = problems
        }
    }

    /// Parses `arguments` for the command tree under `root` (`listor`'s, or one program's),
    /// runs the command with `environment`, and returns the exit code: what every `main.swift`
    /// and the tests call, so that tests see exactly what users see.
    package static func run<Root: ParsableCommand>(_ arguments: [String], in environment: CommandEnvironment, root: Root.Type,
                                                   prepare: ([String]) async throws -> PreparedArguments? = { _ in nil }) async -> Int32 {
        var parsed: (any ParsableCommand.Type)?
        var prepared: PreparedArguments?
        do {
            var arguments = optionsAfterSubcommands(arguments, root: root)
            // Refused while being prepared: with the usage of the command it is for.
            parsed = Root.configuration.subcommands.first { $0._commandName == arguments.first }
            prepared = try await prepare(arguments)
            arguments = prepared?.arguments ?? arguments
            parsed = nil
            var command = try Root.parseAsRoot(arguments)
            parsed = type(of: command)
            if prepared?.problems.isEmpty == false { throw ValidationError("") }
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
            let own = error.message.isEmpty ? [] : [prepared?.naming(error.message) ?? error.message]
            environment.writeError(refusal(ValidationError(((prepared?.problems ?? []) + own).joined(separator: "\n")), by: parsed!, root: root))
            return ExitCode.validationFailure.rawValue
        } catch {
            if let message = failure(error) {
                environment.writeError(message)
                return ExitCode.failure.rawValue
            }
            let code = Root.exitCode(for: error)
            var message = prepared?.naming(Root.fullMessage(for: error)) ?? Root.fullMessage(for: error)
            let lead = "Error: "
            if let problems = prepared?.problems, !problems.isEmpty, code != .success, message.hasPrefix(lead) {
                message = lead + problems.joined(separator: "\n") + "\n" + message.dropFirst(lead.count)
            }
            if !message.isEmpty {
                if code == .success { environment.write(message + "\n") } else { environment.writeError(message + "\n") }
            }
            return code.rawValue
        }
    }

    /// `arguments` with options given between a command group and its subcommand
    /// (`library --data-dir d1 show 11`) moved after the subcommand, where they are declared:
    /// every subcommand of a group takes the group's shared options.
    static func optionsAfterSubcommands(_ arguments: [String], root: any ParsableCommand.Type) -> [String] {
        var arguments = arguments
        var group: any ParsableCommand.Type = root
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
    static func refusal<Root: ParsableCommand>(_ error: ValidationError, by command: any ParsableCommand.Type, root: Root.Type) -> String {
        let usage = Root.usageString(for: command)
        let path = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }.joined(separator: " ")
        return "Error: \(error.message)\nUsage: \(usage)\n  See '\(path) --help' for more information.\n"
    }

    /// What the apps refuse or fail at, as the command line says it: "error: …" (a line per
    /// field for a form) and exit code 1. Nil for ArgumentParser's own errors and exit codes.
    static func failure(_ error: any Error) -> String? {
        switch error {
        case let errors as FieldErrors:
            errors.errors.map { "error: \($0)\n" }.joined()
        case is any CommandFailure, is NetworkError, is FileError, is CompositionError:
            "error: \(error)\n"
        default:
            nil
        }
    }
}
