import ArgumentParser
import ListorCLI

/// The program `listor-serve`: `listor serve` alone, which `listor serve` runs, so that only it
/// loads the web server. Its messages and usage are `listor serve`'s.
public struct ListorServe: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "listor", version: Listor.version, subcommands: [ServeCommand.self])

    public init() {}

    /// Parses `arguments` (`serve` and its options), runs the server with `environment`, and
    /// returns the exit code. Settings from serve's file and the environment come before its
    /// command line.
    public static func run(_ arguments: [String], in environment: CommandEnvironment) async -> Int32 {
        await Listor.run(arguments, in: environment, root: Self.self) { arguments in
            guard arguments.first == ServeCommand._commandName, !arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else { return nil }
            let configuration = try await ServeConfiguration(commandLine: Array(arguments.dropFirst()), variables: environment.variables)
            return Listor.PreparedArguments(arguments: [arguments[0]] + configuration.arguments + arguments.dropFirst(), naming: configuration.naming)
        }
    }
}
