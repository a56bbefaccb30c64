import ListorKit

/// A plant's history: each device's trends and alarms under its name, and the audit log of every
/// device's writes. ModbusSQL's `SQLPlantHistory` keeps one in a SQLite file or in a PostgreSQL
/// database that several `serve` processes, each next to its own line, write and chart together.
public protocol PlantHistory: WriteAudit, MailOutbox {
    associatedtype Store: TrendStore

    /// The same history, for the device `name`.
    func device(_ name: String) -> Store

    /// The devices the history holds, in the order they were first described.
    func devices() async throws -> [String]

    /// Records that `owner` polls the device `name` at `source` with the map `map` (its
    /// variables, as `RegisterMap.identity` writes them). A device belongs to the server that
    /// recorded it first: the same server again (another map after an edit, or another address)
    /// or another server polling the same device with the same map takes it; another server
    /// naming another device or map so is refused, and told who records it and what: nil when
    /// the claim is taken. The claim says the device answers until its recorder says otherwise.
    func claim(_ name: String, source: String, map: String, interval: Duration, by owner: String) async throws -> String?

    /// Which server records the device `name`, where and how often it polls it, and whether it
    /// answers, when one has claimed it.
    func recorder(of name: String) async throws -> DeviceRecorder?
}

extension PlantDevice {
    /// The name a device has when none was given: a lone `--modbus-device`'s, or the simulated
    /// one's, and what a history held before it was kept by device.
    public static let loneName = "device"
}
