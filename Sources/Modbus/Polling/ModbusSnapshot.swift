import Foundation
import ListorKit

/// What the poller last saw: the rows, when, and how the link is.
public struct ModbusSnapshot: Sendable, Hashable {
    public var device: String
    /// When the last poll finished, nil before the first.
    public var updated: Date?
    /// When the last poll that read everything finished: what a status line next to an error shows.
    public var lastGood: Date?
    public var rows: [ModbusRow]
    public var connection: ConnectionState
    /// Whether the device answered the last poll at all (a refusal is an answer; a timeout or a
    /// broken link is not): a device that does not is polled less often until it does.
    public var answered = true
    /// The alarms raised now, each as it was raised.
    public var alarms: [AlarmEvent] = []

    public init(device: String, updated: Date? = nil, lastGood: Date? = nil, rows: [ModbusRow], connection: ConnectionState) {
        self.device = device
        self.updated = updated
        self.lastGood = lastGood
        self.rows = rows
        self.connection = connection
    }
}
