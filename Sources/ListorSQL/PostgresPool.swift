import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The process's client of one PostgreSQL database, kept usable through the database's outages.
/// postgres-nio's pool queues a request while it cannot connect, for up to a minute, and once the
/// database is back it tries again only when its backoff (up to a minute too) has passed. Here a
/// request waits for a connection at most `connectionWait`, and after a second a probe asks
/// whether the database is there; once it is found away (a connection to it is refused),
/// requests fail at once with the reason, but for one at a time that asks it whether it is
/// back; on its return a fresh client takes the old one's place.
/// Each change is logged once: when the database goes away, and when it answers again.
final class PostgresPool: Sendable {
    private struct State {
        var client: PostgresClient
        var running: Task<Void, Never>?
        /// Since when the database has been away, and why; nil while it answers.
        var away: (since: Date, reason: String)?
        /// Whether a request is asking the database whether it is back: the others fail meanwhile.
        var probing = false
        /// The scopes using it.
        var users = 1
    }

    /// A request's wait for a connection, ended once: by the connection (the body runs), or by
    /// giving up (the body never runs, even when a connection comes later); and its answer,
    /// given once.
    private final class Wait<T: Sendable>: Sendable {
        private enum Phase { case waiting, leased, abandoned }
        private struct State {
            var phase = Phase.waiting
            var continuation: CheckedContinuation<T, any Error>?
            /// The watch of the wait, stopped once there is an answer.
            var watch: Task<Void, any Error>?
        }
        private let state: Mutex<State>

        init(_ continuation: CheckedContinuation<T, any Error>) {
            state = Mutex(State(continuation: continuation))
        }

        func watched(by watch: Task<Void, any Error>) {
            let answered = state.withLock { state in
                state.watch = watch
                return state.continuation == nil
            }
            if answered { watch.cancel() }
        }

        /// Whether the body may run on the connection just leased.
        func lease() -> Bool {
            state.withLock { state in
                guard state.phase == .waiting else { return false }
                state.phase = .leased
                return true
            }
        }

        var isWaiting: Bool { state.withLock { $0.phase == .waiting } }

        /// Gives up with `error` unless the connection came first.
        func abandon(_ error: any Error) {
            let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
                guard state.phase == .waiting else { return nil }
                state.phase = .abandoned
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(throwing: error)
        }

        func finish(_ result: Result<T, any Error>) {
            let (continuation, watch) = state.withLock { state in
                defer { state.continuation = nil }
                return (state.continuation, state.watch)
            }
            watch?.cancel()
            continuation?.resume(with: result)
        }
    }

    /// An error of the request's own (of a statement, or of the store's rules), passed through unchanged.
    private struct Passed: Error {
        let error: any Error
    }

    private struct Waited: Error {}

    /// The probe, asked while a request waited, found the database away.
    private struct Away: Error {
        let reason: String
    }

    /// How long a request waits for a connection before the probe is asked whether the database is there.
    static let patience: Duration = .seconds(1)

    /// The database's URL, for the probe and a fresh client; nil for a client made elsewhere (tests).
    let url: PostgresURL?
    let connectionWait: Duration
    private let state: Mutex<State>
    private let logger: Logger

    init(client: PostgresClient, running: Task<Void, Never>? = nil, url: PostgresURL? = nil, connectionWait: Duration = .seconds(5), logger: Logger) {
        state = Mutex(State(client: client, running: running))
        self.url = url
        self.connectionWait = connectionWait
        self.logger = logger
    }

    var client: PostgresClient { state.withLock { $0.client } }

    /// One more scope uses it.
    func use() { state.withLock { $0.users += 1 } }

    /// One scope less uses it: the task running the client when it was the last, to stop.
    func release() -> Task<Void, Never>? {
        state.withLock { state in
            state.users -= 1
            return state.users == 0 ? state.running : nil
        }
    }

    /// `body` on one of the client's connections. Throws `StorageError(.unavailable)` saying why
    /// when the database is away or no connection came within `connectionWait`; `body`'s own
    /// errors pass unchanged.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await checkAway()
        let client = self.client
        let wait = connectionWait
        do {
            // The wait is watched beside the request, which is not waited for once given up:
            // the pool may take long to let go of a request it queued.
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let request = Wait(continuation)
                let operation = Task {
                    do {
                        request.finish(.success(try await client.withConnection { connection in
                            guard request.lease() else { throw CancellationError() }
                            do { return try await body(connection) } catch { throw Passed(error: error) }
                        }))
                    } catch {
                        request.finish(.failure(error))
                    }
                }
                request.watched(by: Task {
                    try await Task.sleep(for: Self.patience)
                    guard request.isWaiting else { return }
                    if let reason = await self.probe() {
                        request.abandon(Away(reason: reason))
                    } else {
                        try await Task.sleep(for: wait - Self.patience)
                        request.abandon(Waited())
                    }
                    operation.cancel()
                })
            }
        } catch let passed as Passed {
            throw passed.error
        } catch let away as Away {
            goneAway(away.reason)
            throw StorageError(.unavailable, away.reason)
        } catch {
            // The pool's: no connection within the wait, or none could be made.
            throw await failure(waited: error is Waited, error)
        }
    }

    /// The request's refusal, once the probe has said whether the database is away.
    private func failure(waited: Bool, _ error: any Error) async -> StorageError {
        guard url != nil else { return StorageError(.unavailable, PostgresProblem.reason(error), cause: error) }
        if let reason = await probe() {
            goneAway(reason)
            return StorageError(.unavailable, reason, cause: error)
        }
        if waited {
            return StorageError(.unavailable, "all its connections stayed busy for \(connectionWait.components.seconds) s; try again in a moment", cause: error)
        }
        // The database answers and the pool does not: it gave up trying. A fresh one does not.
        renew()
        return StorageError(.unavailable, "its connections were lost; try again in a moment", cause: error)
    }

    /// While the database is away, a request asks it whether it is back (one at a time: the
    /// others fail at once meanwhile), and on its answer makes a fresh client.
    private func checkAway() async throws {
        let due: Bool? = state.withLock { state in
            guard state.away != nil else { return nil }
            let due = !state.probing
            state.probing = true
            return due
        }
        guard let due else { return }
        if due {
            let reason = await probe()
            let back = state.withLock { state -> Bool in
                state.probing = false
                if let reason { state.away?.reason = reason }
                return reason == nil
            }
            if back {
                renew()
                return
            }
        }
        let away = state.withLock { $0.away }
        if let away { throw StorageError(.unavailable, away.reason + " (since \(away.since.formatted(.iso8601)))") }
    }

    /// Why a connection to the database cannot be made now; nil when one can.
    private func probe() async -> String? {
        guard let url else { return nil }
        do {
            var configuration = try url.connectionConfiguration()
            configuration.options.connectTimeout = .seconds(2)
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try await connection.close()
            return nil
        } catch {
            return PostgresProblem.reason(error, target: url.address)
        }
    }

    private func goneAway(_ reason: String) {
        let first = state.withLock { state -> Bool in
            guard state.away == nil else { return false }
            state.away = (Date(), reason)
            return true
        }
        if first { logger.error("PostgreSQL at \(url?.description ?? "its address") cannot be used: \(reason); requests fail at once until it answers") }
    }

    /// A fresh client in the place of the one whose pool backs off, which stops.
    private func renew() {
        guard let url else { return }
        let made = PostgresClient(configuration: url.clientConfiguration)
        let running = Task { await made.run() }
        let (old, wasAway) = state.withLock { state -> (Task<Void, Never>?, Bool) in
            defer {
                state.client = made
                state.running = running
                state.away = nil
            }
            return (state.running, state.away != nil)
        }
        old?.cancel()
        if wasAway { logger.notice("PostgreSQL at \(url.description) answers again") }
    }
}
