import ArgumentParser
import Foundation
import Hummingbird
import Library
import ListorHTTPClient
import ListorKit
import ListorWeb
import Logging
import Stella
import Transistors

/// `listor serve`: every app in the browser, on embedded defaults.
struct ServeCommand: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Listor apps on the web (http://127.0.0.1:8080 by default).",
        discussion: "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.")

    @Option(help: "The address to listen on. Only 127.0.0.1 is reachable from this machine alone.")
    var host = "127.0.0.1"
    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080
    @Option(help: ArgumentHelp("Where Listor keeps its data (default: $XDG_DATA_HOME/listor or ~/.local/share/listor).", valueName: "directory"))
    var dataDir: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info
    @Option(help: ArgumentHelp("The transistor catalog to serve (default: the bundled one).", valueName: "file|url"))
    var transistorCatalog: String?
    @OptionGroup(title: "ModbusApp")
    var modbus: ServeModbusOptions
    @Option(help: ArgumentHelp("Where the library's API is mounted.", valueName: "path"))
    var libraryAPIPrefix = "/library/api"
    @Option(help: ArgumentHelp("A token that deleting books needs (Authorization: Bearer …); also $LISTOR_LIBRARY_ADMIN_TOKEN. Required to listen beyond loopback.", valueName: "token"))
    var libraryAdminToken: String?
    @Option(help: ArgumentHelp("How long a loan lasts before it is overdue.", valueName: "days"))
    var libraryLoanDays = 14
    @Option(help: ArgumentHelp("The library's database: postgres://user:password@host:5432/database[?sslmode=require] (default: library.sqlite in the data directory).", valueName: "url"))
    var libraryDB: String?
    @OptionGroup(title: "Stella")
    var stella: ServeStellaOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port: \(port) is not a port number (0–65535)") }
        guard libraryAPIPrefix.hasPrefix("/"), !libraryAPIPrefix.hasSuffix("/"), !libraryAPIPrefix.contains("//") else {
            throw ValidationError("--library-api-prefix: \"\(libraryAPIPrefix)\" must start with / and not end with one, e.g. /library/api")
        }
        _ = try LibraryDatabase(argument: libraryDB, dataDirectory: "")
        guard (1...365).contains(libraryLoanDays) else { throw ValidationError("--library-loan-days: \(libraryLoanDays) is outside 1 to 365") }
        if adminToken == nil, !Self.isLoopback(host) {
            throw ValidationError("--host: \(host) is reachable from other machines; set --library-admin-token (or LISTOR_LIBRARY_ADMIN_TOKEN) so that nobody else can delete the library")
        }
        _ = try CatalogLocation(argument: transistorCatalog)
    }

    func run(in environment: CommandEnvironment) async throws {
        let dataDirectory = dataDir ?? Self.defaultDataDirectory()
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        } catch {
            environment.writeError("error: cannot create the data directory \(dataDirectory): \(error.localizedDescription)\n")
            throw ExitCode.failure
        }

        // Composition root: the services each app needs, then the modules that show them.
        var transistors = TransistorListViewModel()
        transistors = try await CompositionRoot.withCatalogProvider(try CatalogLocation(argument: transistorCatalog)) { provider in
            var loading = transistors
            await loading.load(from: provider)
            return loading
        }
        try TransistorReport.check(transistors.state, problems: transistors.problems, in: environment)

        let imageCache: DiskImageCache
        do { imageCache = try stella.diskCache(dataDirectory: dataDirectory) } catch {
            environment.writeError("error: cannot keep pictures in \(dataDirectory)/image-cache: \(error.localizedDescription)\n")
            throw ExitCode.failure
        }

        let modbus: ServedModbus
        do { modbus = try await ServedModbus.start(self.modbus, environment: environment) } catch let error as ValidationError {
            environment.writeError("error: \(error.message)\n")
            throw ExitCode.validationFailure
        } catch {
            environment.writeError("error: cannot start the simulated Modbus device: \(error)\n")
            throw ExitCode.failure
        }

        let libraryDatabase = try LibraryDatabase(argument: libraryDB, dataDirectory: dataDirectory)
        var logger = Logger(label: "listor") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = logLevel
        let (host, port, prefix, adminToken) = (self.host, self.port, libraryAPIPrefix, self.adminToken)
        let (transistorList, serverLogger) = (transistors, logger)
        let loanPeriod = Duration.seconds(libraryLoanDays * 86400)
        let stella = self.stella
        try await withLiveHTTPTransport { transport in
            let pictures = stella.pictures(disk: imageCache, transport: transport)
            try await libraryDatabase.withStore(environment) { library in
                let app = try await buildApplication(
                    configuration: WebConfiguration(host: host, port: port),
                    modules: [
                        TransistorsWebModule(viewModel: transistorList),
                        ModbusWebModule(monitor: modbus.monitor, device: modbus.device),
                        LibraryWebModule(service: LocalLibrary(store: library, loanPeriod: loanPeriod), apiPrefix: prefix, adminToken: adminToken),
                        StellaWebModule(pictures: pictures),
                    ],
                    services: modbus.services,
                    logger: serverLogger,
                    onServerRunning: { port in
                        environment.write("Listor is running at http://\(host.contains(":") ? "[\(host)]" : host):\(port)/ (data in \(dataDirectory))\n")
                        environment.write("ModbusApp polls \(modbus.device)\n")
                        environment.write("The library is in \(libraryDatabase.description)\n")
                        let source = pictures.origin.map { "fetched from \($0.absoluteString)" } ?? "drawn here"
                        environment.write("Stella's pictures are \(source), kept in \(dataDirectory)/image-cache\n")
                    })
                let result: Result<Void, any Error>
                do { result = .success(try await app.runService()) } catch { result = .failure(error) }
                await modbus.close()
                let counters = await pictures.pipeline.counters
                serverLogger.info("\(counters.summary)")
                try result.get()
            }
        }
    }

    /// The admin token from the option, or else from the environment; empty counts as none.
    var adminToken: String? {
        let token = libraryAdminToken ?? ProcessInfo.processInfo.environment["LISTOR_LIBRARY_ADMIN_TOKEN"]
        return token?.isEmpty == false ? token : nil
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static func defaultDataDirectory() -> String {
        ServeCommandDefaults.dataDirectory(environment: ProcessInfo.processInfo.environment)
    }
}

/// Defaults of `listor serve` that depend on the user's environment.
public enum ServeCommandDefaults {
    /// The XDG base directory for user data, as most Linux tools keep theirs; relative values are ignored, as the spec says.
    public static func dataDirectory(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/listor" }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/listor"
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
