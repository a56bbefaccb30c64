import CoreMetrics
import Foundation
import Library
import LibrarySQL
import ListorSQL
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import ListorSMTP
import Logging

/// Builds Prolific Library's service from its settings, for `serve` and every `listor library`
/// command alike: a server's library over HTTP, or the local one on its store with the loan
/// period. Stores and clients exist only while `body` runs.
package enum LibraryComposition {
    /// Uploaded covers are decoded on `work`: `serve`'s threads, or where the command runs.
    static func withLibrary<T: Sendable>(_ settings: LibrarySettings, metrics: any MetricsFactory = NOOPMetricsHandler.instance,
                                         work: any HeavyWork = InlineWork(),
                                         _ body: @Sendable (any LibraryService) async throws -> T) async throws -> T {
        try await ResourceScope.with { scope in
            if let server = settings.server {
                return try await body(RemoteLibrary(baseURL: server, transport: liveHTTPTransport(in: scope), adminToken: settings.adminToken, work: work))
            }
            return try await body(LocalLibrary(store: store(settings.database, metrics: metrics, in: scope), policy: settings.policy, work: work))
        }
    }

    /// `serve`'s library: the local one, and the sender of its reminders when a mail server is
    /// named, which sends what the other apps' outboxes (`alsoSending`) hold too.
    package static func servedLibrary(_ settings: LibrarySettings, reminders: ReminderSettings, alsoSending others: [any MailOutbox] = [], metrics: any MetricsFactory,
                                      work: any HeavyWork, in scope: ResourceScope) async throws -> (library: LocalLibrary, reminders: ReminderSender?) {
        let store = try await store(settings.database, metrics: metrics, in: scope)
        let library = LocalLibrary(store: store, policy: settings.policy, work: work)
        guard let smtp = reminders.smtp, let from = reminders.from else { return (library, nil) }
        let mailer: SMTPMailer
        do { mailer = try SMTPMailer(smtp) } catch { throw CompositionError("--smtp-url: \(error)") }
        let node = "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/\(UInt32.random(in: 0...UInt32.max))"
        return (library, ReminderSender(library: library, outbox: store, policy: reminders.policy, letters: ReminderLetters(library: from.name ?? "Prolific Library"),
                                        sender: OutboxSender(mail: mailer.transport, from: from, name: node), alsoSending: others))
    }

    /// The store, open until `scope` ends: the SQLite file, or PostgreSQL with its client running
    /// and its schema migrated. A database that cannot be used is a `LibraryStoreError` naming it.
    static func store(_ database: LibrarySettings.Database, metrics: any MetricsFactory = NOOPMetricsHandler.instance,
                      in scope: ResourceScope) async throws -> SQLLibraryStore {
        switch database {
        case .sqlite(let path):
            return try SQLLibraryStore(path: path, metrics: metrics)
        case .postgres(let url):
            do {
                let store = SQLLibraryStore(database: try await PostgreSQLDatabase.open(at: url, logger: Logger(label: "listor.library.postgres"), in: scope),
                                            metrics: metrics)
                try await store.migrate()
                return store
            } catch let error as StorageError where error.code == .unavailable {
                throw LibraryStoreError(.unreachable, "cannot use the library database at \(url): \(error.message)", underlying: error)
            }
        }
    }

    /// Every book's cover for `serve`: uploaded ones from the library, others from `service` over
    /// `transport` (8 MiB and 10 seconds at most a cover), and what is made from them on `work`,
    /// all kept in `dataDirectory`/cover-cache.
    package static func covers(of library: any LibraryService, service: CoverService?, dataDirectory: String, transport: HTTPTransport,
                       work: any HeavyWork, metrics: any MetricsFactory = NOOPMetricsHandler.instance) throws -> BookCovers {
        let directory = URL(fileURLWithPath: dataDirectory).appendingPathComponent("cover-cache")
        do {
            let originals = ImagePipeline(memoryLimit: 16 << 20, disk: try DiskImageCache(directory: directory.appendingPathComponent("service")),
                                          name: "cover-service", metrics: metrics,
                                          fetch: CoverService.fetch(transport, limits: HTTPLimits(timeout: .seconds(10), maximumBodySize: 8 << 20)))
            return BookCovers(library: library, service: service, originals: originals, cache: try DiskImageCache(directory: directory.appendingPathComponent("made")),
                              work: work, metrics: metrics)
        } catch {
            throw CompositionError("cannot keep covers in \(directory.path): \(error.localizedDescription)")
        }
    }
}
