import Foundation
import ListorKit

/// The devices a shared history holds that this server does not poll: what other `serve`
/// processes, each next to its own line, record into the same database. Their charts and their
/// history can be read here; their live values are where they are polled.
public struct RecordedDevicesViewModel: Sendable {
    private let history: any PlantHistory
    private let polled: Set<String>
    private let pollInterval: Duration

    /// `polled`: the devices this server polls itself, which are not counted as recorded elsewhere.
    public init(history: any PlantHistory, polled: [String], pollInterval: Duration = .seconds(1)) {
        self.history = history
        self.polled = Set(polled)
        self.pollInterval = pollInterval
    }

    /// The history's devices polled elsewhere, in the order they were first described.
    public func devices() async throws -> [String] {
        try await history.devices().filter { !polled.contains($0) }
    }

    /// The trends of the device `name`, recorded elsewhere; nil when the history does not hold it.
    public func trends(of name: String) async throws -> VariableTrendViewModel? {
        guard !polled.contains(name), try await history.devices().contains(name) else { return nil }
        return VariableTrendViewModel(store: history.device(name), pollInterval: pollInterval)
    }

    /// What the history says of a device another server polls: which server and where, whether
    /// the device answers, when it last recorded a sample, and the alarms raised and not cleared since.
    public struct Status: Sendable {
        public enum State: Sendable, Hashable {
            /// Its recorder polls it and it answers.
            case answering
            /// Its recorder says it has not answered since then, and why.
            case notAnswering(since: Date, reason: String)
            /// No sample for longer than its recorder's polls take (or none yet): the recorder is
            /// not recording it (stopped, or unable to write the history).
            case silent(since: Date?)
            /// A device recorded before servers claimed theirs: nothing is known.
            case unknown
        }

        /// Which server records it, and where; nil for a device recorded before servers claimed theirs.
        public var recorder: DeviceRecorder?
        public var lastSample: Date?
        public var alarms: [AlarmEvent]
        public var state: State

        public init(recorder: DeviceRecorder? = nil, lastSample: Date? = nil, alarms: [AlarmEvent] = [], now: Date = Date()) {
            self.recorder = recorder
            self.lastSample = lastSample
            self.alarms = alarms
            state = Self.state(recorder, lastSample: lastSample, now: now)
        }

        /// What the recorder said last, unless samples stopped coming for longer than five of its
        /// polls (and 15 s): then it is not recording.
        static func state(_ recorder: DeviceRecorder?, lastSample: Date?, now: Date) -> State {
            guard let recorder else { return .unknown }
            if let since = recorder.downSince { return .notAnswering(since: since, reason: recorder.downReason ?? "no answer") }
            let patience = max((recorder.interval ?? .seconds(1)).timeInterval * 5, 15)
            guard let lastSample, now.timeIntervalSince(lastSample) <= patience else { return .silent(since: lastSample) }
            return .answering
        }
    }

    public func status(of name: String, now: Date = Date()) async throws -> Status {
        let store = history.device(name)
        var raised: [String: AlarmEvent] = [:]
        for event in try await store.alarms(from: .distantPast, to: .distantFuture, limit: 10_000) {
            let key = "\(event.register) \(event.kind.rawValue)"
            raised[key] = event.change == .raised ? event : nil
        }
        return Status(recorder: try await history.recorder(of: name), lastSample: try await store.lastSample(),
                      alarms: raised.values.sorted { $0.time < $1.time }, now: now)
    }

    /// The audit log, which holds every device's writes, whoever made them.
    public var audit: any WriteAudit { history }
}
