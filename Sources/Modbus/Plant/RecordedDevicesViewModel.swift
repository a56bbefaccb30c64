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

    /// The audit log, which holds every device's writes, whoever made them.
    public var audit: any WriteAudit { history }
}
