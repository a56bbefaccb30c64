import ArgumentParser
import Configuration
import Foundation
import ListorCommandKit
import ListorKit
import SystemPackage

/// `listor serve`'s settings from a JSON file (`--config FILE`, or `LISTOR_CONFIG`) and from
/// `LISTOR_…` environment variables, read with swift-configuration. Every option of `serve` is a
/// key, named as the option is (`"port": 8080`, `"public-host": ["a.example"]`,
/// `"library-open-lending": true`; `LISTOR_PORT=8080`, `LISTOR_PUBLIC_HOST=a.example,b.example`).
/// The environment wins over the file, and the command line over both.
///
/// The settings become arguments put before the command line's, so that `serve` checks them
/// as it checks its own; a refusal of one names the file or the variable it came from. Every
/// key and variable that is wrong (`problems`) is named at once, each on its line, with what
/// `serve` finds wrong in the rest.
struct ServeConfiguration {
    /// One of `serve`'s options, as ArgumentParser describes it.
    struct Option: Sendable {
        let names: [String]
        let isFlag: Bool
        let isRepeating: Bool
        var key: String { names[0] }
    }

    /// The longest value a setting may have: room for any URL, token or path.
    static let longestValue = 4096

    /// The arguments to put before the command line's.
    private(set) var arguments: [String] = []
    /// Where each option set here came from: the file, or the environment variable.
    private(set) var sources: [String: String] = [:]
    /// An unknown key, a value of the wrong type, each naming where it is: left out of `arguments`.
    private(set) var problems: [String] = []

    /// Reads the file named by `--config` in `commandLine` (or by `LISTOR_CONFIG`) and the
    /// environment `variables`, for the options `commandLine` does not give itself.
    init(commandLine: [String], variables: [String: String]) async throws {
        let file = Self.value(of: "config", in: commandLine) ?? variables["LISTOR_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let options = Self.options()
        var providers: [any ConfigProvider] = [
            KeyMappingProvider(upstream: EnvironmentVariablesProvider(environmentVariables: variables)) { $0.prepending(["listor"]) },
        ]
        var inFile: Set<String> = []
        if let file {
            (inFile, problems) = try Self.keys(of: file, against: options)
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(file)))
            } catch {
                throw ValidationError("\(file): \(error)")
            }
        }
        let config = ConfigReader(providers: providers)
        for option in options where option.key != "config" && !option.names.contains(where: { Self.isGiven($0, in: commandLine) }) {
            let variable = Self.variable(for: option.key)
            let source = variables[variable] != nil ? variable : "\(file ?? ""), key \"\(option.key)\""
            let isSet = variables[variable] != nil || inFile.contains(option.key)
            let flag = "--" + option.key
            let key = ConfigKey(option.key)
            if option.isFlag, let value = config.bool(forKey: key) {
                if value { arguments.append(flag) }
            } else if option.isRepeating, let values = config.stringArray(forKey: key) ?? config.string(forKey: key).map({ [$0] }) {
                arguments += values.flatMap { [flag, $0] }
            } else if !option.isFlag, !option.isRepeating, let value = Self.scalar(key, in: config) {
                arguments += [flag, value]
            } else if isSet {
                problems.append("\(source): is not \(option.isFlag ? "true or false" : option.isRepeating ? "a list of strings" : "a string or a number")")
                continue
            } else {
                continue
            }
            // A value is quoted in the refusals that name it: a huge one is refused here, unquoted.
            if let long = arguments.last(where: { $0.count > Self.longestValue }) {
                problems.append("\(source): is \(long.count) characters long; a setting is at most \(Self.longestValue) (it begins \"\(long.prefix(40))…\")")
                arguments.removeLast(option.isFlag ? 1 : 2)
            }
            sources[option.key] = source
        }
    }

    /// A refusal of `serve` with the file or variable named, on each of its lines that is about
    /// an option set here.
    func naming(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let option = line.firstMatch(of: /--([a-z0-9-]+)/)?.output.1, let source = sources[String(option)] else { return String(line) }
            let error = "Error: "
            return line.hasPrefix(error) ? error + source + ": " + line.dropFirst(error.count) : source + ": " + line
        }.joined(separator: "\n")
    }

    // MARK: - Reading

    /// A string, or a number written as one.
    private static func scalar(_ key: ConfigKey, in config: ConfigReader) -> String? {
        if let text = config.string(forKey: key) { return text }
        if let number = config.int(forKey: key) { return String(number) }
        if let number = config.double(forKey: key) { return String(number) }
        return nil
    }

    /// The keys of `file`, and a problem for each that is not one of `serve`'s options, with the
    /// closest options named. A file that cannot be read says why; one that is not strict JSON
    /// (a trailing comma, a comment) says where.
    private static func keys(of file: String, against options: [Option]) throws -> (keys: Set<String>, problems: [String]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            do { try FileDescriptor.open(FilePath(file), .readOnly).close() } catch let error as Errno {
                throw ValidationError("\(file): cannot be read: \(error.description.prefix(1).lowercased() + error.description.dropFirst())")
            }
            throw ValidationError("\(file): cannot be read: it is not a file")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(data) } catch { throw ValidationError("\(file): is not JSON: \(error)") }
        guard case .object(let object) = value else { throw ValidationError("\(file): is not a JSON object of settings ({\"port\": 8080, …})") }
        let keys = options.map(\.key).filter { $0 != "config" }
        let members = object.members
        let problems = members.map(\.key).filter { !keys.contains($0) }.map { key in
            let closest = ClosestMatches.to(key, in: keys, limit: 3)
            let suggestion = closest.isEmpty ? "" : "; did you mean \(closest.map { "\"\($0)\"" }.joined(separator: " or "))?"
            return "\(file): unknown key \"\(key)\"\(suggestion) (the keys are serve's options: listor serve --help)"
        }
        return (Set(members.map(\.key)), problems)
    }

    /// `serve`'s options and flags, from ArgumentParser's description of the command: read once,
    /// as the description is a JSON dump of the whole command.
    static func options() -> [Option] { described }

    private static let described: [Option] = {
        struct Help: Decodable {
            struct Command: Decodable { let arguments: [Argument] }
            struct Argument: Decodable {
                struct Name: Decodable { let kind: String; let name: String }
                let kind: String
                let isRepeating: Bool
                let names: [Name]?
            }
            let command: Command
        }
        guard let help = try? JSONDecoder().decode(Help.self, from: Data(ServeCommand._dumpHelp().utf8)) else { return [] }
        return help.command.arguments.compactMap { argument in
            let names = (argument.names ?? []).filter { $0.kind == "long" }.map(\.name)
            guard argument.kind != "positional", !names.isEmpty, names != ["help"] else { return nil }
            return Option(names: names, isFlag: argument.kind == "flag", isRepeating: argument.isRepeating)
        }
    }()

    /// `LISTOR_LOG_FORMAT` for `log-format`: the name swift-configuration reads the key from.
    static func variable(for key: String) -> String {
        "LISTOR_" + key.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    private static func isGiven(_ name: String, in commandLine: [String]) -> Bool {
        commandLine.contains { $0 == "--" + name || $0.hasPrefix("--" + name + "=") }
    }

    private static func value(of name: String, in commandLine: [String]) -> String? {
        for (index, argument) in commandLine.enumerated() {
            if argument == "--" + name, index + 1 < commandLine.count { return commandLine[index + 1] }
            if argument.hasPrefix("--" + name + "=") { return String(argument.dropFirst(name.count + 3)) }
        }
        return nil
    }
}
