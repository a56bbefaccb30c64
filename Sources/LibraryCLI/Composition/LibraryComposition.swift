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
        if let server = settings.server {
            return try await withLiveHTTPTransport { transport in
                try await body(RemoteLibrary(baseURL: server, transport: transport, adminToken: settings.adminToken, work: work))
            }
        }
        return try await withStore(settings.database, metrics: metrics) { store in
            try await body(LocalLibrary(store: store, loanPeriod: settings.loanPeriod, work: work))
        }
    }

    /// `serve`'s library: the local one, and the sender of its reminders when a mail server is named.
    package static func withServedLibrary<T: Sendable>(_ settings: LibrarySettings, reminders: ReminderSettings, metrics: any MetricsFactory, work: any HeavyWork,
                                               _ body: @Sendable (any LibraryService, ReminderSender?) async throws -> T) async throws -> T {
        try await withStore(settings.database, metrics: metrics) { store in
            let library = LocalLibrary(store: store, loanPeriod: settings.loanPeriod, work: work)
            guard let smtp = reminders.smtp, let from = reminders.from else { return try await body(library, nil) }
            let mailer: SMTPMailer
            do { mailer = try SMTPMailer(smtp) } catch { throw CompositionError("--smtp-url: \(error)") }
            let node = "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/\(UInt32.random(in: 0...UInt32.max))"
            let sender = ReminderSender(library: library, outbox: store, policy: reminders.policy, letters: ReminderLetters(library: from.name ?? "Prolific Library"),
                                        mail: mailer.transport, from: from, name: node)
            return try await body(library, sender)
        }
    }

    /// Runs `body` with the store open: the SQLite file, or PostgreSQL with its client running
    /// and its schema migrated. A database that cannot be used is a `LibraryStoreError` naming it.
    static func withStore<T: Sendable>(_ database: LibrarySettings.Database, metrics: any MetricsFactory = NOOPMetricsHandler.instance,
                                       _ body: @Sendable (any LibraryStore) async throws -> T) async throws -> T {
        switch database {
        case .sqlite(let path):
            return try await body(try SQLLibraryStore(path: path, metrics: metrics))
        case .postgres(let url):
            do {
                return try await PostgreSQLDatabase.withDatabase(at: url, logger: Logger(label: "listor.library.postgres")) { database in
                    let store = SQLLibraryStore(database: database, metrics: metrics)
                    try await store.migrate()
                    return try await body(store)
                }
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
