import ArgumentParser
import Foundation
import Hummingbird
import Library
import LibraryCLI
import ListorCommandKit
import ListorKit
import ListorLauncher
import ListorWeb
import Logging
import ServiceLifecycle
import StellaCLI
import TransistorsCLI
import UnixSignals

/// `listor serve`: every app in the browser, on embedded defaults.
package struct ServeCommand: ListorCommand {
    package static let configuration = CommandConfiguration(
        commandName: CommandGroup.serve.rawValue,
        abstract: CommandGroup.serve.abstract,
        discussion: "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.")

    package init() {}

    /// `listor serve`'s command line with its settings from its file and the environment put
    /// before its own options; nil for another command, or for its help.
    package static func prepare(_ arguments: [String], variables: [String: String]) async throws -> ListorProgram.PreparedArguments? {
        guard arguments.first == _commandName, !arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else { return nil }
        let configuration = try await ServeConfiguration(commandLine: Array(arguments.dropFirst()), variables: variables)
        return ListorProgram.PreparedArguments(arguments: [arguments[0]] + configuration.arguments + arguments.dropFirst(), naming: configuration.naming,
                                               problems: configuration.problems)
    }

    @Option(help: ArgumentHelp("A JSON file of settings, each option a key (\"port\": 8080); also $LISTOR_CONFIG. LISTOR_… variables (LISTOR_PORT) win over it, and options given here over both.",
                               valueName: "file"))
    var config: String?
    @Option(help: "The address to listen on. Only 127.0.0.1 is reachable from this machine alone.")
    var host = "127.0.0.1"
    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080
    @OptionGroup var data: DataDirectoryOption
    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info
    @Option(help: "text (swift-log's lines) or json (one object a line: time, level, message and the request's id, route, status and duration).")
    var logFormat: LogFormat = .text
    @Option(help: ArgumentHelp("The transistor catalog to serve: the seed's JSON, CSV, a KiCad symbol library (.kicad_sym), a SPICE model library (.lib, .mod), a folder of them, or the word bundled for the bundled catalog; give it again for more, each figure from the first to give it (default: the bundled one).",
                               valueName: "file|folder|url"))
    var transistorCatalog: [String] = []
    @OptionGroup(title: "ModbusApp")
    var modbus: ServeModbusOptions
    @OptionGroup(title: "Prolific Library")
    var library: LibraryOptions
    @Option(help: ArgumentHelp("Where the library's API is mounted.", valueName: "path"))
    var libraryAPIPrefix = "/library/api"
    @Flag(help: "With an admin token, let anyone check books out and in; the token still guards adding, editing, deleting and importing.")
    var libraryOpenLending = false
    @Option(help: ArgumentHelp("Where the covers of books with an ISBN and no uploaded cover come from: an http(s) URL with {isbn} in it, or none.",
                               valueName: "url"))
    var libraryCoverURL = CoverService.openLibrary.template
    @OptionGroup(title: "Library reminders")
    var reminders: ReminderOptions
    @Option(help: ArgumentHelp("The key that signs the pages' forms and the librarian's sign-in (32 bytes; default: form.key in the data directory, made on first run). Give every node of one site the same file.",
                               valueName: "file"))
    var formKeyFile: String?
    @OptionGroup(title: "Stella")
    var stella: ServeStellaOptions
    @OptionGroup(title: "VessBrowser")
    var browser: ServeBrowserOptions
    @OptionGroup(title: "Connections")
    var connections: ServeConnectionOptions
    @OptionGroup(title: "Where the server may connect")
    var reach: ReachOptions
    @Option(help: ArgumentHelp("Serve GET /metrics (Prometheus' text format) on this port of the same host instead of the main one, where it needs the admin token when there is one.",
                               valueName: "port"))
    var metricsPort: Int?

    /// Every option that is wrong, each on its line, rather than the first alone.
    package func validate() throws {
        var problems = ownProblems() + library.problems() + modbus.problems()
        for check in [{ _ = try stella.settings() }, { _ = try browser.settings() }, { _ = try connections.limits() }] as [() throws -> Void] {
            do { try check() } catch { problems.append(Self.message(of: error)) }
        }
        if problems.isEmpty {
            do { _ = try settings(ProcessInfo.processInfo.environment) } catch { problems.append(Self.message(of: error)) }
        }
        guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
    }

    /// A refusal's words: a `ValidationError`'s message, or what the error says of itself.
    static func message(of error: any Error) -> String {
        (error as? ValidationError)?.message ?? String(describing: error)
    }

    /// What is wrong with the options that need nothing read to be checked.
    private func ownProblems() -> [String] {
        var problems: [String] = []
        if !(0...65535).contains(port) { problems.append("--port: \(port) is not a port number (0–65535)") }
        if let metricsPort {
            if !(0...65535).contains(metricsPort) { problems.append("--metrics-port: \(metricsPort) is not a port number (0–65535)") }
            else if metricsPort == port, port != 0 { problems.append("--metrics-port: \(metricsPort) is the main port; give another") }
        }
        if !(libraryAPIPrefix.hasPrefix("/") && !libraryAPIPrefix.hasSuffix("/") && !libraryAPIPrefix.contains("//")) {
            problems.append("--library-api-prefix: \"\(libraryAPIPrefix)\" must start with / and not end with one, e.g. /library/api")
        }
        do { _ = try CoverService.parse(libraryCoverURL) } catch { problems.append("--library-cover-url: \(error)") }
        if let formKeyFile, !FileManager.default.fileExists(atPath: formKeyFile) {
            problems.append("--form-key-file: \(formKeyFile) does not exist; make one with: head -c \(FormKey.size) /dev/urandom > \(formKeyFile)")
        }
        return problems
    }

    package func run(in environment: CommandEnvironment) async throws {
        let settings = try settings(environment.variables)
        try await ServeComposition.withApplication(settings, environment) { app in
            var configuration = ServiceGroupConfiguration(services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger)
            configuration.maximumGracefulShutdownDuration = .seconds(10)
            let group = ServiceGroup(configuration: configuration)
            // Cancelling serve (a test, a program that runs it) stops it as SIGTERM does, gracefully:
            // cancelled at once, connections accepted but not yet served would be dropped while
            // open, which NIO traps on (swift-nio #2637).
            try await withTaskCancellationHandler {
                try await group.run()
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        }
    }

    /// Every option checked and resolved into what the apps are built from, in a command whose
    /// environment's variables are `variables`.
    func settings(_ variables: [String: String]) throws -> ServeSettings {
        let problems = ownProblems() + modbus.problems()
        guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
        let dataDirectory = data.directory(in: variables)
        let library: LibrarySettings
        let catalog: [CatalogLocation]
        do {
            library = try self.library.settings(dataDirectory: dataDirectory, variables: variables)
            catalog = try CatalogLocation.list(transistorCatalog, option: "--transistor-catalog")
        } catch let error as CompositionError {
            throw ValidationError(error.description)
        }
        let covers: CoverService?
        do { covers = try CoverService.parse(libraryCoverURL) } catch { throw ValidationError("--library-cover-url: \(error)") }
        // A token guards a server only if it cannot be guessed.
        var weak: [String] = []
        for (option, token) in [("--library-admin-token", library.adminToken), ("--modbus-admin-token", modbus.settings.adminToken),
                                ("--stella-admin-token", try stella.settings().adminToken)] {
            if let token, let weakness = AdminToken.weakness(of: token) { weak.append("\(option): \(weakness)") }
        }
        if library.adminToken == nil, !IPAddress.isLoopback(host: host) {
            weak.append("--host: \(host) is reachable from other machines; set --library-admin-token (or LISTOR_LIBRARY_ADMIN_TOKEN) so that nobody else can change the library")
        }
        guard weak.isEmpty else { throw ValidationError(weak.joined(separator: "\n")) }
        return ServeSettings(host: host, port: port, logLevel: logLevel, logFormat: logFormat, dataDirectory: dataDirectory, transistorCatalog: catalog, modbus: modbus.settings,
                             library: library, libraryAPIPrefix: libraryAPIPrefix, libraryOpenLending: libraryOpenLending, libraryCovers: covers,
                             reminders: try reminders.settings(environment: variables),
                             formKeyFile: formKeyFile, stella: try stella.settings(),
                             browser: try browser.settings(), reach: reach.reach,
                             publicHosts: connections.publicHosts, limits: try connections.limits(), metricsPort: metricsPort)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// How `serve` writes its log.
enum LogFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}
