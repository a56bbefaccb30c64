import Foundation

/// The plant at a glance: a row per device with its state, since when, its last good reading
/// and a few of its values, in the plant file's order.
public struct PlantViewModel: Sendable {
    /// One device as the plant shows it.
    public struct Device: Sendable {
        public let name: String
        /// "TUF-2000M at 10.0.0.7:502, unit 3".
        public let address: String
        public let snapshot: ModbusSnapshot

        public init(name: String, address: String, snapshot: ModbusSnapshot) {
            self.name = name
            self.address = address
            self.snapshot = snapshot
        }
    }

    /// What a row of the plant says.
    public struct Row: Sendable, Hashable {
        public let name: String
        public let address: String
        /// connecting, connected or stale.
        public let state: String
        /// "Connected", "Connecting…", or "Stale since 14:05:09: response timeout …".
        public let stateText: String
        public let lastGood: String
        /// The first few values with their names and units: "Flow rate 1.25 m3/h".
        public let values: [String]
        /// The alarms raised now: "high alarm raised on Flow Rate (1-2): 12.5 m3/h, above 10 m3/h".
        public let alarms: [String]
    }

    public let devices: [Device]
    /// How many values a row shows.
    public static let valueCount = 3

    public init(devices: [Device]) {
        self.devices = devices
    }

    /// "3 devices, 1 stale, 2 alarms".
    public var summary: String {
        let stale = devices.filter { if case .failed = $0.snapshot.connection { true } else { false } }.count
        let alarms = devices.reduce(0) { $0 + $1.snapshot.alarms.count }
        var parts = ["\(devices.count) \(devices.count == 1 ? "device" : "devices")"]
        if stale > 0 { parts.append("\(stale) stale") }
        if alarms > 0 { parts.append("\(alarms) \(alarms == 1 ? "alarm" : "alarms")") }
        return parts.joined(separator: ", ")
    }

    public func rows(timeZone: TimeZone = .current) -> [Row] {
        devices.map { device in
            let snapshot = device.snapshot
            let state: String, text: String
            switch snapshot.connection {
            case .connecting:
                (state, text) = ("connecting", "Connecting…")
            case .connected:
                (state, text) = ("connected", "Connected")
            case .failed(let reason):
                let since = snapshot.rows.compactMap(\.stale?.since).min() ?? snapshot.updated
                (state, text) = ("stale", "Stale" + (since.map { " since " + ModbusFeed.dateText($0, timeZone: timeZone, seconds: true) } ?? "") + ": \(reason)")
            }
            let values = snapshot.rows.filter { $0.stale == nil && !$0.realValue.isEmpty }.prefix(Self.valueCount).map { row in
                "\(row.variableName) \(row.realValue)" + (row.unit.isEmpty ? "" : " \(row.unit)")
            }
            return Row(name: device.name, address: device.address, state: state, stateText: text,
                       lastGood: snapshot.lastGood.map { ModbusFeed.dateText($0, timeZone: timeZone, seconds: true) } ?? "none yet",
                       values: values, alarms: snapshot.alarms.map(\.description))
        }
    }
}
