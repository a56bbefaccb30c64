import Foundation
import ListorKit

/// What the poller last saw: the rows, when, and how the link is.
public struct ModbusSnapshot: Sendable, Hashable {
    public var device: String
    /// When the last poll finished, nil before the first.
    public var updated: Date?
    public var rows: [ModbusRow]
    public var connection: ConnectionState

    public init(device: String, updated: Date? = nil, rows: [ModbusRow], connection: ConnectionState) {
        self.device = device
        self.updated = updated
        self.rows = rows
        self.connection = connection
    }
}
