import ArgumentParser
import BrowseCLI
import LibraryCLI
import ListorCommandKit
import ListorLauncher
import ListorServer
import ModbusCLI
import StellaCLI
import TransistorsCLI

/// `listor` with every command group in one program: what `swift run listor` runs from the
/// sources (the package's `InProcess` trait), and what the tests run. Installed, `listor` is the
/// `Launcher`, and each group a program of its own.
public struct Listor: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "listor",
        abstract: Launcher.abstract,
        version: Launcher.version,
        subcommands: [ServeCommand.self, TransistorsCommand.self, ModbusCommand.self, LibraryCommand.self, BrowseCommand.self, StellaCommand.self])

    public init() {}

    /// Parses `arguments`, runs the command with `environment`, and returns the exit code, as
    /// `main.swift` does.
    public static func run(_ arguments: [String], in environment: CommandEnvironment) async -> Int32 {
        await ListorProgram.run(arguments, in: environment, root: Self.self) { arguments in
            try await ServeCommand.prepare(arguments, variables: environment.variables)
        }
    }
}
