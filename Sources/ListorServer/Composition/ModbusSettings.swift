import Foundation
import ListorCommandKit
import ListorSQL
import Modbus

/// How `serve` builds ModbusApp: the device to poll (a simulated TUF-2000M when none), its
/// register map, its unit id and how often to poll.
struct ModbusSettings: Sendable {
    /// A plant file: the devices to poll, each with its map and interval; nil for one device.
    var plant: String?
    /// The device's link: TCP, a serial port, or RTU over TCP; nil for the built-in simulated meter.
    var device: ModbusLink?
    /// A register map file; nil for the TUF-2000M's.
    var map: String?
    var unit: UInt8 = 1
    var interval: Duration = .seconds(1)
    /// Days of trends kept; 0 keeps none.
    var historyDays = 7
    /// Where the history and the audit log are: PostgreSQL, or the data directory's `modbus-history.sqlite` when nil.
    var historyDatabase: PostgresURL?
    /// The token a write from a variable's page needs; nil: the pages take no writes.
    var adminToken: String?
}
