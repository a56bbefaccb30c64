/// One device of a plant: its name, the line it is on and its unit id there, the register map it
/// is read with, and how often it is polled.
public struct PlantDevice: Sendable, Hashable {
    /// Where a device's register map comes from: the map built into Listor (`tuf-2000m`), or a
    /// file, its path as the plant file gives it.
    public enum MapSource: Sendable, Hashable {
        case tuf2000m
        case file(String)
    }

    /// Letters, digits, `.`, `_` and `-`: it is part of the device's address on the web.
    public var name: String
    public var link: ModbusLink
    public var unit: UInt8
    public var map: MapSource
    public var interval: Duration

    public init(name: String, link: ModbusLink, unit: UInt8 = 1, map: MapSource = .tuf2000m, interval: Duration = .seconds(1)) {
        self.name = name
        self.link = link
        self.unit = unit
        self.map = map
        self.interval = interval
    }

    /// What one physical line is: a serial port, or one TCP address (whether it carries Modbus TCP
    /// or RTU frames). Devices with the same one share the line.
    public var lineKey: String {
        switch link {
        case .tcp(let host, let port), .rtuOverTCP(let host, let port): "tcp \(host.lowercased()) \(port)"
        case .rtu(let line): "serial \(line.path)"
        }
    }
}
