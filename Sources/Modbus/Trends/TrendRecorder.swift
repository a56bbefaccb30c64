import Foundation

/// Keeps every poll's values in a `TrendStore`, without ever holding the poll up: snapshots
/// are handed over at once and written in the recorder's own task, one transaction a poll. A
/// write that fails (a full disk, a file gone read-only) is kept as the recorder's `problem`,
/// for the page and the log, and the next poll's write is tried as usual.
public actor TrendRecorder {
    /// A write that failed, and since when writes have been failing.
    public struct Problem: Sendable, Hashable {
        public var message: String
        public var since: Date
    }

    private let store: any TrendStore
    private let variables: [RegisterVariable]
    private let thinningInterval: Duration
    private let now: @Sendable () -> Date
    private let report: @Sendable (String) -> Void
    private let snapshots: AsyncStream<ModbusSnapshot>
    private let input: AsyncStream<ModbusSnapshot>.Continuation
    private let alarmEvents: AsyncStream<[AlarmEvent]>.Continuation
    private let alarmStream: AsyncStream<[AlarmEvent]>
    private let connectionEvents: AsyncStream<(since: Date?, reason: String?)>.Continuation
    private let connectionStream: AsyncStream<(since: Date?, reason: String?)>
    public private(set) var problem: Problem?
    /// Polls written since the recorder started, for tests and the log.
    public private(set) var written = 0
    private var lastWritten: Date?

    /// `thinningInterval`: how often old samples are thinned and trimmed; `report` hears when
    /// writes start failing and when they work again, for the log.
    /// Who is mailed each alarm; nil for nobody.
    private let letters: AlarmLetters?

    public init(store: any TrendStore, map: RegisterMap, letters: AlarmLetters? = nil, thinningInterval: Duration = .seconds(600),
                now: @escaping @Sendable () -> Date = Date.init, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.store = store
        self.letters = letters
        variables = map.variables
        self.thinningInterval = thinningInterval
        self.now = now
        self.report = report
        // A slow disk drops the oldest polls waiting, never the poller's time.
        (snapshots, input) = AsyncStream.makeStream(of: ModbusSnapshot.self, bufferingPolicy: .bufferingNewest(256))
        (alarmStream, alarmEvents) = AsyncStream.makeStream(of: [AlarmEvent].self, bufferingPolicy: .bufferingNewest(256))
        (connectionStream, connectionEvents) = AsyncStream.makeStream(of: (since: Date?, reason: String?).self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Hands over that the device stopped answering at `since`, and why, or (nil) that it answers
    /// again; returns at once. Only the latest is kept waiting: it is what is true.
    public nonisolated func record(downSince since: Date?, reason: String?) {
        connectionEvents.yield((since, reason))
    }

    /// Hands alarms raised and cleared over, to be kept with the history; returns at once.
    public nonisolated func record(_ alarms: [AlarmEvent]) {
        guard !alarms.isEmpty else { return }
        alarmEvents.yield(alarms)
    }

    /// Hands a poll's snapshot over; returns at once.
    public nonisolated func record(_ snapshot: ModbusSnapshot) {
        input.yield(snapshot)
    }

    /// Writes what `record` hands over until the task is cancelled; thins old samples at the
    /// start and then every `thinningInterval`.
    public func run() async {
        await attempt { try await store.describe(variables) }
        await attempt { try await store.thin(now: now()) }
        var nextThinning = ContinuousClock.now + thinningInterval
        // Alarms are few: they are written as they come, beside the polls.
        let alarmWriter = Task { await self.writeAlarms() }
        let connectionWriter = Task { await self.writeConnections() }
        for await snapshot in snapshots {
            if Task.isCancelled { break }
            await write(snapshot)
            if ContinuousClock.now >= nextThinning {
                await attempt { try await store.thin(now: now()) }
                nextThinning = ContinuousClock.now + thinningInterval
            }
        }
        // What was handed over before the end is kept.
        alarmEvents.finish()
        connectionEvents.finish()
        await alarmWriter.value
        await connectionWriter.value
    }

    private func writeConnections() async {
        for await (since, reason) in connectionStream {
            await attempt { try await store.recordConnection(downSince: since, reason: reason) }
        }
    }

    private func writeAlarms() async {
        for await alarms in alarmStream {
            // Each alarm's letters are kept with it, in its transaction.
            await attempt { try await store.record(alarms: alarms, mail: alarms.flatMap { letters?.letters($0) ?? [] }) }
        }
    }

    /// Stops `run()` once what was handed over is written.
    public nonisolated func finish() {
        input.finish()
        alarmEvents.finish()
        connectionEvents.finish()
    }

    /// Writes one snapshot now: what `run()` does for each.
    public func write(_ snapshot: ModbusSnapshot) async {
        guard let time = snapshot.updated, time != lastWritten else { return }
        lastWritten = time
        let samples = snapshot.rows.map { row in
            TrendSample(variable: row.register, time: time, value: row.stale == nil ? row.number : nil)
        }
        if await attempt({ try await store.record(samples) }) { written += 1 }
    }

    @discardableResult
    private func attempt(_ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            if problem != nil {
                problem = nil
                report("the Modbus history is written again")
            }
            return true
        } catch {
            let message = String(describing: error)
            if problem?.message != message { report("cannot write the Modbus history: \(message); polling goes on") }
            problem = Problem(message: message, since: problem?.since ?? now())
            return false
        }
    }
}
