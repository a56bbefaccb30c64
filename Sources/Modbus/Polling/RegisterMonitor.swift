import Foundation

/// Polls a device on an interval and hands every new snapshot to whoever watches: the live
/// spreadsheet's event streams, and the JSON feed, which serves the latest.
///
/// `run()` is the loop; it ends when its task is cancelled, and then every watcher's stream
/// finishes too. The number of watchers is bounded, so that open pages cannot pile up without limit.
///
/// What a technician reads in the log after an outage goes to `report`: one line when the
/// device stops answering, with why, and one when it answers again, with how long it was away;
/// never one a failed poll.
public actor RegisterMonitor {
    public nonisolated let interval: Duration
    public nonisolated let maximumWatchers: Int
    private let poller: RegisterPoller
    /// The register map the device is read with.
    public nonisolated var map: RegisterMap { poller.map }
    /// Keeps every poll's values as trends, when there is a history.
    public nonisolated let recorder: TrendRecorder?
    public private(set) var snapshot: ModbusSnapshot
    private var watchers: [Int: Watcher] = [:]
    private var counters: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextStream = 0
    private var finished = false
    /// Whether `run` is polling: from its start until its task is cancelled.
    public private(set) var isRunning = false
    private let report: @Sendable (String) -> Void
    private let now: @Sendable () -> Date
    /// Since when the device has not answered, once it has stopped.
    private var downSince: Date?
    private var alarms: AlarmTracker

    /// What a stream carries, to know where to forget it when its reader leaves.
    private enum StreamKind {
        case snapshots, counts
    }

    public init(poller: RegisterPoller, interval: Duration, maximumWatchers: Int = 100, recorder: TrendRecorder? = nil,
                now: @escaping @Sendable () -> Date = Date.init, report: @escaping @Sendable (String) -> Void = { _ in }) async {
        self.poller = poller
        self.recorder = recorder
        self.interval = interval
        self.maximumWatchers = maximumWatchers
        self.now = now
        self.report = report
        snapshot = await poller.snapshot
        alarms = AlarmTracker(device: snapshot.device, map: poller.map)
    }

    /// Polls now and then once every `interval` (a poll that overruns its interval delays the
    /// next, rather than starting them back to back), until the task is cancelled. While the
    /// device does not answer, the wait doubles after each poll, up to ten intervals or half a
    /// minute (whichever is less, and never less than one interval): on a shared line, a device
    /// that is gone then costs its neighbours one timeout now and then, not one every poll.
    public func run<C: Clock<Duration>>(clock: C = ContinuousClock()) async {
        var next = clock.now
        var misses = 0
        isRunning = true
        defer { isRunning = false }
        while !Task.isCancelled {
            misses = await refresh().answered ? 0 : misses + 1
            next = next.advanced(by: Self.wait(interval, misses: misses))
            if next < clock.now { next = clock.now }
            do { try await clock.sleep(until: next, tolerance: nil) } catch { break }
        }
        finished = true
        for watcher in watchers.values { watcher.continuation.finish() }
        watchers.removeAll()
        watchersChanged()
        for counter in counters.values { counter.finish() }
        counters.removeAll()
    }

    /// One open stream of snapshots, and how many polls in a row its reader has not taken.
    private struct Watcher {
        let continuation: AsyncStream<ModbusSnapshot>.Continuation
        var behind = 0
    }

    /// Polls a reader may miss in a row and still keep its stream when the streams are all taken.
    static let stalledAfter = 3

    /// The snapshots from now on, the current one first; only the newest is kept for a slow
    /// reader. When `maximumWatchers` streams are open, the stream whose reader stopped reading
    /// longest ago (more than `stalledAfter` polls) is ended to make room, so that idle readers
    /// never lock the live ones out; nil when every reader is reading.
    public func updates() -> AsyncStream<ModbusSnapshot>? {
        if watchers.count >= maximumWatchers {
            guard let stalled = watchers.filter({ $0.value.behind > Self.stalledAfter }).max(by: { $0.value.behind < $1.value.behind }) else { return nil }
            watchers[stalled.key] = nil
            stalled.value.continuation.finish()
        }
        let (stream, kept) = openStream(first: snapshot, kind: .snapshots)
        if let kept {
            watchers[kept.id] = Watcher(continuation: kept.continuation)
        }
        watchersChanged()
        return stream
    }

    public var watcherCount: Int { watchers.count }

    /// The number of open streams now and again after each change, until `run()` ends: for a
    /// gauge, or for whoever waits for a page to leave (a stream ends at the first poll after
    /// its reader has gone).
    public func watcherCounts() -> AsyncStream<Int> {
        let (stream, kept) = openStream(first: watchers.count, kind: .counts)
        if let kept { counters[kept.id] = kept.continuation }
        return stream
    }

    /// A stream that starts with `first` and keeps only the newest value for a slow reader. It
    /// ends at once if the monitor has stopped; otherwise it is to be kept under the id given,
    /// which is forgotten when the reader leaves.
    private func openStream<Element: Sendable>(
        first: Element, kind: StreamKind
    ) -> (AsyncStream<Element>, (id: Int, continuation: AsyncStream<Element>.Continuation)?) {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(first)
        if finished {
            continuation.finish()
            return (stream, nil)
        }
        let id = nextStream
        nextStream += 1
        continuation.onTermination = { [weak self] _ in
            Task { await self?.streamEnded(id, kind) }
        }
        return (stream, (id, continuation))
    }

    private func streamEnded(_ id: Int, _ kind: StreamKind) {
        switch kind {
        case .snapshots:
            if watchers.removeValue(forKey: id) != nil { watchersChanged() }
        case .counts:
            counters[id] = nil
        }
    }

    /// Reports the device going away and coming back, once each.
    private func noteConnection(_ snapshot: ModbusSnapshot) {
        switch snapshot.connection {
        case .failed(let reason) where downSince == nil:
            let since = now()
            downSince = since
            recorder?.record(downSince: since, reason: reason)
            report("\(snapshot.device.isEmpty ? "the device" : snapshot.device) stopped answering: \(reason)")
        case .connected:
            guard let since = downSince else { return }
            downSince = nil
            recorder?.record(downSince: nil, reason: nil)
            report("\(snapshot.device.isEmpty ? "the device" : snapshot.device) answers again, after \(Self.span(now().timeIntervalSince(since)))")
        default:
            break
        }
    }

    /// The wait before the next poll after `misses` polls in a row that the device did not answer.
    static func wait(_ interval: Duration, misses: Int) -> Duration {
        guard misses > 0 else { return interval }
        let longest = max(interval, min(interval * 10, .seconds(30)))
        return min(interval * (1 << min(misses, 16)), longest)
    }

    /// "12 s", "3 min 5 s", "2 h 4 min".
    static func span(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds.rounded()))
        switch whole {
        case ..<60: return "\(whole) s"
        case ..<3600: return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
        default: return whole % 3600 / 60 == 0 ? "\(whole / 3600) h" : "\(whole / 3600) h \(whole % 3600 / 60) min"
        }
    }

    private func watchersChanged() {
        for counter in counters.values { counter.yield(watchers.count) }
    }

    /// Polls once and hands the snapshot to every watcher: what `run()` does at each tick.
    @discardableResult
    public func refresh() async -> ModbusSnapshot {
        var snapshot = await poller.poll()
        // Each alarm raised or cleared is said once, as the device going and coming back is.
        let events = alarms.update(snapshot.rows, at: snapshot.updated ?? now())
        for event in events { report(event.description) }
        recorder?.record(events)
        snapshot.alarms = alarms.active
        await poller.recordAlarms(snapshot.alarms)
        self.snapshot = snapshot
        noteConnection(snapshot)
        recorder?.record(snapshot)
        // A reader that has not taken the last snapshot loses it to this one, and falls behind.
        for id in watchers.keys {
            switch watchers[id]?.continuation.yield(snapshot) {
            case .dropped: watchers[id]?.behind += 1
            case .enqueued: watchers[id]?.behind = 0
            default: break
            }
        }
        return snapshot
    }
}
