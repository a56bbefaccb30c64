import ArgumentParser

/// The options of `listor serve` that choose ModbusApp's device; without `--modbus-device`,
/// a simulated TUF-2000M on a free loopback port.
struct ServeModbusOptions: ParsableArguments {
    @Option(name: .customLong("modbus-device"), help: ArgumentHelp("A Modbus TCP device to poll (default: a built-in simulated TUF-2000M).", valueName: "host[:port]"))
    var device: ModbusEndpoint?
    @Option(name: .customLong("modbus-map"), help: ArgumentHelp("Its register map (JSON; default: the TUF-2000M's).", valueName: "file"))
    var map: String?
    @Option(name: .customLong("modbus-unit"), help: ArgumentHelp("Its unit (slave) id.", valueName: "n"))
    var unit: UInt8 = 1
    @Option(name: .customLong("modbus-interval"), help: ArgumentHelp("Seconds between polls (0.1 to 3600).", valueName: "seconds"))
    var interval: Double = 1

    func validate() throws {
        guard interval >= 0.1, interval <= 3600 else {
            throw ValidationError("--modbus-interval: \(interval) is outside 0.1 to 3600 seconds")
        }
    }

    var settings: ModbusSettings {
        ModbusSettings(device: device, map: map, unit: unit, interval: .milliseconds(Int((interval * 1000).rounded())))
    }
}
