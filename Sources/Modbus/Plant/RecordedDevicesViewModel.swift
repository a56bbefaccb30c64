import Foundation

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

    /// What the history says of a device another server polls: which server and where, when
    /// it last recorded a sample, and the alarms raised and not cleared since.
    public struct Status: Sendable {
        /// "listor serve on plant-a (data in /var/lib/listor)", and "10.0.0.5:502, unit 3"; nil
        /// for a device recorded before servers claimed theirs.
        public var recorder: (owner: String, source: String)?
        public var lastSample: Date?
        public var alarms: [AlarmEvent]

        public init(recorder: (owner: String, source: String)? = nil, lastSample: Date? = nil, alarms: [AlarmEvent] = []) {
            self.recorder = recorder
            self.lastSample = lastSample
            self.alarms = alarms
        }
    }

    public func status(of name: String) async throws -> Status {
        let store = history.device(name)
        var raised: [String: AlarmEvent] = [:]
        for event in try await store.alarms(from: .distantPast, to: .distantFuture, limit: 10_000) {
            let key = "\(event.register) \(event.kind.rawValue)"
            raised[key] = event.change == .raised ? event : nil
        }
        return Status(recorder: try await history.recorder(of: name), lastSample: try await store.lastSample(),
                      alarms: raised.values.sorted { $0.time < $1.time })
    }

    /// The audit log, which holds every device's writes, whoever made them.
    public var audit: any WriteAudit { history }
}
