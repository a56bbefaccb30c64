/// A plant's history: each device's trends and alarms under its name, and the audit log of every
/// device's writes. ModbusSQL's `SQLPlantHistory` keeps one in a SQLite file or in a PostgreSQL
/// database that several `serve` processes, each next to its own line, write and chart together.
public protocol PlantHistory: WriteAudit {
    associatedtype Store: TrendStore

    /// The same history, for the device `name`.
    func device(_ name: String) -> Store

    /// The devices the history holds, in the order they were first described.
    func devices() async throws -> [String]
}

extension PlantDevice {
    /// The name a device has when none was given: a lone `--modbus-device`'s, or the simulated
    /// one's, and what a history held before it was kept by device.
    public static let loneName = "device"
}
