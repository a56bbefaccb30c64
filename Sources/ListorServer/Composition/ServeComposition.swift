import ArgumentParser
import BrowseCLI
import Foundation
import Hummingbird
import Library
import LibraryCLI
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import ListorLauncher
import ListorSQL
import ListorWeb
import Logging
import ServiceLifecycle
import ModbusCLI
import Stella
import StellaCLI
import TextBrowser
import TextBrowserSQLite
import Transistors
import TransistorsCLI

/// `listor serve`'s application, in the manner of hummingbird-examples' `buildApplication`:
/// each app's services from its builder, the web modules that show them, and the services that
/// run beside the server. Everything is built here and closed when the application stops.
enum ServeComposition {
    static func withApplication(_ settings: ServeSettings, _ environment: CommandEnvironment,
                                _ run: @escaping @Sendable (any ApplicationProtocol) async throws -> Void) async throws {
        let logger = Logger(label: "listor") { label -> any LogHandler in
            var handler: any LogHandler = switch settings.logFormat {
            case .text: StreamLogHandler(label: label, stream: environment.errorStream)
            case .json: JSONLogHandler(label: label, write: environment.writeError)
            }
            handler.logLevel = settings.logLevel
            return handler
        }
        let dataDirectory = try DataDirectory.prepare(settings.dataDirectory)
        logger.info("Listor \(Launcher.version) starting, its data in \(dataDirectory)")
        let formKey = try FormKeyFile.load(file: settings.formKeyFile, in: dataDirectory)
        // A catalog of files answers from its index file at once, every page of it: the catalog
        // is read only to make a missing or stale index.
        let transistors = try await TransistorsComposition.loadedList(settings.transistorCatalog, indexDirectory: dataDirectory + "/transistor-index",
                                                                      warn: environment.writeError)
        try TransistorReport.check(transistors.state, problems: transistors.problems, partCount: transistors.partCount,
                                   more: "listor transistors list --problems with the same --catalog lists them", in: environment)
        let metrics = ServeMetrics()
        if !settings.reach.flags.isEmpty {
            logger.warning("\(settings.reach.flags.joined(separator: " ")): the server fetches \(settings.reach) for anyone who can reach it")
        }
        let browser = settings.browser
        try await ResourceScope.with { scope in
            let modbus = try await servedModbus(settings.modbus, dataDirectory: dataDirectory, environment: environment, metrics: metrics, logger: logger, in: scope)
            let work = WorkThreads.open(in: scope)
            // The server's one way out: every request it makes goes through the address guard,
            // each redirect hop too. The reader follows redirects itself; the rest follow them
            // through the guard, and reach the operator's own addresses as named.
            let live = liveHTTPTransport(in: scope, followsRedirects: false, decompressedLimit: browser.maximumSize, connectTimeout: browser.connectTimeout)
            let transport = live.guarded(by: settings.reach.addressGuard(trusting: settings.operatorOrigins)).followingRedirects()
            let reader = try reader(browser, transport: live.guarded(by: settings.reach.addressGuard()), dataDirectory: dataDirectory, formKey: formKey, work: work)
            let orders = try await StellaComposition.store(dataDirectory: dataDirectory, database: settings.stella.database, in: scope)
            if let file = settings.stella.catalogueFile {
                let report = try await StellaComposition.importCatalogue(file, into: orders, addressGuard: settings.reach.addressGuard(trusting: settings.operatorOrigins))
                logger.info("Stella's catalogue: \(report.summary) from \(file)")
                for problem in report.problems { logger.warning("\(file): \(problem)") }
            }
            let shop = try StellaComposition.shop(settings.stella, store: orders, dataDirectory: dataDirectory, transport: transport, work: work, metrics: metrics.factory)
            // One sender for all the mail: the library's letters and the shop's, when it has a store of its own.
            let ownStore = settings.stella.catalogue == nil
            let outboxes: [any MailOutbox] = (ownStore ? [orders] : []) + (modbus.mail.map { [$0] } ?? [])
            let (library, reminders) = try await LibraryComposition.servedLibrary(settings.library, reminders: settings.reminders, alsoSending: outboxes,
                                                                                  metrics: metrics.factory, work: work, in: scope)
            let covers = try LibraryComposition.covers(of: library, service: settings.libraryCovers, dataDirectory: dataDirectory, transport: transport,
                                                       work: work, metrics: metrics.factory)
            scope.onClose {
                let pictures = await shop.pictures.pipeline.counters
                logger.info("\(pictures.summary)")
                let counters = await covers.counters
                logger.info("Covers: \(counters.service.fetches) fetched from the cover service (\(counters.service.failures) failed), \(counters.made.fetches) sizes made")
            }
            var services = modbus.services
            if let reminders { services.append(reminderRounds(reminders, every: settings.reminders.interval, logger: logger)) }
            if let metricsPort = settings.metricsPort {
                services.append(buildMetricsApplication(host: settings.host, port: metricsPort, metrics: metrics.web, logger: logger) { port in
                    environment.write("Metrics are at http://\(settings.host.contains(":") ? "[\(settings.host)]" : settings.host):\(port)/metrics\n")
                })
            }
            let app = try await buildApplication(
                configuration: WebConfiguration(host: settings.host, port: settings.port, publicHosts: settings.publicHosts, limits: settings.limits,
                                                metrics: metrics.web, metricsAccess: settings.metricsAccess),
                modules: [
                    TransistorsWebModule(viewModel: transistors, metrics: metrics.factory),
                    ModbusWebModule(devices: modbus.devices.map {
                                        ModbusWebModule.Device(name: $0.name, description: $0.description, monitor: $0.monitor, trends: $0.trends,
                                                               writer: $0.writer, audit: $0.audit)
                                    }, recorded: modbus.recorded, adminToken: settings.modbus.adminToken, formKey: formKey,
                                    limits: settings.limits, metrics: metrics.web),
                    LibraryWebModule(library: library, covers: covers, apiPrefix: settings.libraryAPIPrefix, adminToken: settings.library.adminToken,
                                     openLending: settings.libraryOpenLending, formKey: formKey, reminders: reminders?.destination,
                                     letters: ReminderLetters(library: settings.reminders.from?.name ?? "Prolific Library", returnAddress: settings.library.returnAddress),
                                     metrics: metrics.factory),
                    StellaWebModule(catalogue: shop.catalogue, pictures: shop.pictures, store: shop.orders,
                                    allowance: settings.stella.orderLimit > 0 ? OrderAllowance(itemsPerHour: settings.stella.orderLimit) : nil,
                                    formKey: formKey, owner: ownStore ? orders : nil, adminToken: settings.stella.adminToken,
                                    addresses: settings.reach.addressGuard(trusting: settings.operatorOrigins), sendsMail: ownStore && reminders != nil,
                                    metrics: metrics.factory),
                    reader,
                ],
                services: services,
                logger: logger,
                onServerRunning: { port in
                    environment.write(welcome(settings, port: port, dataDirectory: dataDirectory, modbus: modbus, reminders: reminders?.destination,
                                              pictures: shop.pictures.origin))
                })
            try await run(app)
        }
    }

    /// What `serve` tells its operator once it listens on `port`: where each app is and keeps its data.
    private static func welcome(_ settings: ServeSettings, port: Int, dataDirectory: String, modbus: ServedModbus, reminders: String?, pictures: URL?) -> String {
        let host = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        let coverSource = settings.libraryCovers.map { "uploaded, else from \($0.template)" } ?? "uploaded only (--library-cover-url none)"
        let store = settings.stella.database.flatMap { try? PostgresURL($0) }.map { "PostgreSQL at \($0)" } ?? "\(dataDirectory)/stella.sqlite"
        var lines = [
            "Listor is running at http://\(host):\(port)/ (data in \(dataDirectory))",
            "ModbusApp polls \(modbus.summary); its history is in \(settings.modbus.historyDatabase.map { "PostgreSQL at \($0)" } ?? "\(dataDirectory)/modbus-history.sqlite")",
        ]
        if !modbus.alarmMail.isEmpty {
            lines.append("Its alarms are mailed to \(modbus.alarmMail.joined(separator: ", "))" + (reminders.map { " by \($0)" } ?? " once there is a mail server (no --smtp-url)"))
        }
        lines += [
            "The library is in \(settings.library.database)",
            reminders.map { "Its reminders are sent by \($0)" } ?? "Its reminders are not sent (no --smtp-url)",
            "Book covers are \(coverSource), kept in \(dataDirectory)/cover-cache",
        ]
        if let catalogue = settings.stella.catalogue?.absoluteString {
            lines += ["Stella shows the catalogue at \(catalogue)", "Stella's orders go to \(catalogue)/orders"]
        } else {
            lines.append("Stella's catalogue, stock and orders are in \(store)")
            lines.append(settings.stella.adminToken == nil ? "Stella's back office is closed (no --stella-admin-token)"
                         : "Stella's back office is at http://\(host):\(port)/stella/admin (sign in with --stella-admin-token)")
            lines.append(reminders.map { "Shoppers are mailed about their orders by \($0)" } ?? "Shoppers are not mailed (no --smtp-url)")
        }
        let source = pictures.map { "fetched from \($0.absoluteString)" } ?? "drawn here or fetched from the catalogue's addresses"
        lines.append("Stella's pictures are \(source), kept in \(dataDirectory)/image-cache")
        lines.append("VessBrowser's reader fetches \(settings.reach); its history is in \(dataDirectory)/browser.sqlite")
        return lines.map { $0 + "\n" }.joined()
    }

    /// ModbusApp started on its history, stopped when `scope` ends; a history or a plant that
    /// cannot be used stops `serve` with the reason.
    private static func servedModbus(_ settings: ModbusSettings, dataDirectory: String, environment: CommandEnvironment, metrics: ServeMetrics,
                                     logger: Logger, in scope: ResourceScope) async throws -> ServedModbus {
        let retention = Duration.seconds(max(settings.historyDays, 1) * 86_400)
        do {
            let history = try await ModbusComposition.history(settings.historyDatabase, dataDirectory: dataDirectory, retention: retention, in: scope)
            let owner = "listor serve on \(ProcessInfo.processInfo.hostName) (data in \(dataDirectory))"
            let modbus = try await ServedModbus.start(settings, history: history, owner: owner, environment: environment, metrics: metrics.factory) {
                logger.warning("\($0)")
            }
            return scope.keep(modbus) { await $0.close() }
        } catch let error as ValidationError {
            environment.writeError("error: \(error.message)\n")
            throw ExitCode.validationFailure
        } catch {
            throw CompositionError("cannot start ModbusApp: \(error)")
        }
    }

    /// The reader `listor serve` runs for its visitors, on `serve`'s guarded transport (every
    /// request and redirect hop checked by the address guard; redirects left to the loader):
    /// no cookies kept between reads, no local files, and the history in the data directory.
    private static func reader(_ settings: ServeBrowserSettings, transport: HTTPTransport, dataDirectory: String, formKey: FormKey,
                               work: any HeavyWork) throws -> BrowserWebModule {
        let store = try BrowserComposition.historyStore(in: dataDirectory, oneConnection: false)
        let loader = PageLoader(transport: transport, cookies: nil, limits: HTTPLimits(timeout: settings.timeout, maximumBodySize: settings.maximumSize), readsFiles: false)
        let pages = DefaultPageAccessor(store: store)
        let reader = ReaderViewModel(loader: loader, reader: PageReader(decoder: CharsetDecoder(converters: IconvPool())), pages: pages,
                                     work: work, searchEngine: settings.searchEngine)
        return BrowserWebModule(store: store, hosts: DefaultHostAccessor(store: store), pages: pages, reader: reader,
                                maximumConcurrentReads: settings.maximumConcurrentReads, maximumReadsPerClient: settings.maximumReadsPerClient,
                                formKey: formKey)
    }

    /// The sender's rounds until the server stops, each state change logged once.
    private static func reminderRounds(_ sender: ReminderSender, every interval: Duration, logger: Logger) -> ClosureService {
        let service = ReminderService(sender: sender, interval: interval) { event in
            switch event {
            case .round(let round):
                logger.info("Mail: \(round.queued) reminders queued; \(round.sent) sent, \(round.retrying) to retry, \(round.failed) failed; \(round.holdsExpired) holds expired")
            case .failing(let error): logger.warning("Mail cannot be sent by \(sender.destination): \(error); each message is tried again later")
            case .roundFailed(let error): logger.warning("Mail: the round failed: \(error); trying again in \(interval)")
            case .working: logger.notice("Mail is sent again by \(sender.destination)")
            }
        }
        return ClosureService { await cancelWhenGracefulShutdown { await service.run() } }
    }
}
