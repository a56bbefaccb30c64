import ArgumentParser
import Foundation

/// `listor serve`: the server is the program `listor-serve`, installed beside `listor`, which
/// `listor` becomes (`exec`) for it, as `git` does for its commands. So every other command
/// starts without loading the web server, its templates and its catalogue of conformances.
public struct ServeLauncher: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Listor apps on the web (http://127.0.0.1:8080 by default).",
        discussion: "listor serve --help lists its options.")

    public init() {}

    /// The server's arguments when `arguments` ask for `serve` (its help too), else nil.
    public static func serverArguments(_ arguments: [String]) -> [String]? {
        if arguments.first == configuration.commandName { return Array(arguments.dropFirst()) }
        if arguments.starts(with: ["help", configuration.commandName!]) { return ["--help"] }
        return nil
    }

    /// Becomes `listor-serve` from the folder this program is in, with `arguments`; returns only
    /// when it cannot, with the exit code after saying why.
    public static func exec(_ arguments: [String], in environment: CommandEnvironment) -> Int32 {
        let folder = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
            .deletingLastPathComponent().path
        let server = folder + "/listor-serve"
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        environment.writeError("error: listor serve runs \(server): \(reason); install listor-serve beside listor, as the README's Deployment section says\n")
        return ExitCode.failure.rawValue
    }

    public func run() async throws {
        throw ExitCode(Self.exec([], in: .standard))
    }
}
