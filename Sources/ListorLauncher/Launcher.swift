import ArgumentParser
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `listor` as installed: it becomes the program of the command group asked for (`exec`, as git
/// does for its commands), found beside it, and answers `--help`, `--version` and a mistyped
/// group itself, without loading any app: its module is the group names and this, on
/// ArgumentParser alone.
public struct Launcher: ParsableCommand {
    /// This build's version: `listor --version` prints it, and `serve` logs it first.
    public static let version = "0.1.0"
    /// What `listor --help` says first.
    public static let abstract = "Five list–detail apps on one core, in the browser (listor serve) and the terminal."

    public static let configuration = CommandConfiguration(
        commandName: "listor",
        abstract: abstract,
        version: version,
        subcommands: [Serve.self, Transistors.self, Modbus.self, Library.self, Browse.self, Stella.self])

    public init() {}

    /// The group `arguments` ask for, and the arguments its program takes: options given before
    /// the group go with it (`--data-dir d library show`), as `listor` in one program takes them,
    /// and `help browse dump` asks `listor-browse` for `dump --help`. Nil when they ask for none.
    public static func group(of arguments: [String]) -> (group: CommandGroup, arguments: [String])? {
        if arguments.first == "help", arguments.count > 1, let group = CommandGroup(rawValue: arguments[1]) { return (group, arguments.dropFirst(2) + ["--help"]) }
        var position = 0
        if arguments.first?.hasPrefix("-") == true {
            guard let found = arguments.firstIndex(where: { CommandGroup(rawValue: $0) != nil }), !arguments[..<found].contains("--") else { return nil }
            position = found
        }
        guard position < arguments.count, let group = CommandGroup(rawValue: arguments[position]) else { return nil }
        return (group, Array(arguments[..<position]) + arguments[(position + 1)...])
    }

    /// Becomes `group`'s program from the folder this one is in, with `arguments`; returns only
    /// when it cannot, with the exit code after saying why.
    public static func exec(_ group: CommandGroup, _ arguments: [String]) -> Int32 {
        let program = folder() + "/" + group.program
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        let message = "error: listor \(group.rawValue) runs \(program): \(String(cString: strerror(errno))); install it beside listor, as the README's Deployment section says\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        return ExitCode.failure.rawValue
    }

    /// The folder this program is in (the system's libc alone: Foundation would double what
    /// `listor --help` costs).
    static func folder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        let path = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    /// What `listor --help` lists of a group; `exec` runs it before anything is parsed.
    struct Placeholder<Group: GroupName>: ParsableCommand {
        static var configuration: CommandConfiguration { CommandConfiguration(commandName: Group.group.rawValue, abstract: Group.group.abstract) }
    }

    protocol GroupName { static var group: CommandGroup { get } }
    enum ServeName: GroupName { static let group = CommandGroup.serve }
    enum TransistorsName: GroupName { static let group = CommandGroup.transistors }
    enum ModbusName: GroupName { static let group = CommandGroup.modbus }
    enum LibraryName: GroupName { static let group = CommandGroup.library }
    enum BrowseName: GroupName { static let group = CommandGroup.browse }
    enum StellaName: GroupName { static let group = CommandGroup.stella }
    typealias Serve = Placeholder<ServeName>
    typealias Transistors = Placeholder<TransistorsName>
    typealias Modbus = Placeholder<ModbusName>
    typealias Library = Placeholder<LibraryName>
    typealias Browse = Placeholder<BrowseName>
    typealias Stella = Placeholder<StellaName>
}
