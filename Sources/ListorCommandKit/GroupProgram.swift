import ArgumentParser
import ListorLauncher

/// The program of one command group (`listor-browse`: `listor browse` alone), which `listor`
/// becomes for it: its root is named `listor`, so that its usage and messages are `listor`'s.
package struct GroupProgram<Group: ParsableCommand>: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "listor", version: Launcher.version, subcommands: [Group.self])
    }

    package init() {}
}
