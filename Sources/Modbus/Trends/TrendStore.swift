import Foundation
import ListorKit

/// Where trends are kept: the plant's history (ModbusSQL), in a file or PostgreSQL, or a double in tests.
public protocol TrendStore: Sendable {
    /// Names the variables whose samples will be recorded, so that the history can say what
    /// it holds without the map.
    func describe(_ variables: [RegisterVariable]) async throws

    /// Keeps one poll's samples, all or none.
    func record(_ samples: [TrendSample]) async throws

    /// `variable`'s history from `from` up to `to`: every sample when `step` is nil, otherwise
    /// one point per `step` seconds that holds values (min, max, mean, last). Oldest first.
    func points(variable: String, from: Date, to: Date, step: Int?) async throws -> [TrendPoint]

    /// Thins and trims what has grown old: samples older than the store's full-resolution window
    /// become per-minute minimum, maximum and mean; anything beyond the retention goes.
    func thin(now: Date) async throws

    /// The variables the history holds, in the order they were described.
    func variables() async throws -> [TrendVariable]

    /// Keeps alarms raised and cleared, with the history.
    func record(alarms: [AlarmEvent], mail: [OutgoingMail]) async throws

    /// Keeps whether the device answers, for the servers that share the history: since when it
    /// has not, and why; nil when it answers again. Nothing for a device no server has claimed.
    func recordConnection(downSince: Date?, reason: String?) async throws

    /// When the device's last sample was taken; nil before its first.
    func lastSample() async throws -> Date?

    /// The alarms raised and cleared from `from` up to `to`, oldest first, at most `limit`.
    func alarms(from: Date, to: Date, limit: Int) async throws -> [AlarmEvent]
}
