import ArgumentParser
import ListorCommandKit
import Modbus
import ModbusCLI

/// The options of `listor serve` that choose ModbusApp's devices: a plant file, or one device;
/// without either, a simulated TUF-2000M on a free loopback port.
struct ServeModbusOptions: ParsableArguments {
    @Option(name: .customLong("modbus-plant"), help: ArgumentHelp(
        "A plant file (JSON) of the devices to poll: {\"devices\": [{\"name\": \"meter-1\", \"device\": \"127.0.0.1:5020\", \"unit\": 1, \"map\": \"tuf-2000m\", \"interval\": 1}]}; devices at one address share its line.",
        valueName: "file"))
    var plant: String?
    @Option(name: .customLong("modbus-device"), help: ArgumentHelp(
        "A device to poll (default: a built-in simulated TUF-2000M): host[:port] for Modbus TCP, rtu:/dev/ttyUSB0?baud=9600&parity=none&data=8&stop=1 for Modbus RTU (19200 8E1 unless given), rtu+tcp://host:port for RTU over TCP.",
        valueName: "device"))
    var device: String?
    @Option(name: .customLong("modbus-map"), help: ArgumentHelp("Its register map (JSON; default: the TUF-2000M's).", valueName: "file"))
    var map: String?
    @Option(name: .customLong("modbus-unit"), help: ArgumentHelp("Its unit (slave) id.", valueName: "n"))
    var unit: UInt8 = 1
    @Option(name: .customLong("modbus-interval"), help: ArgumentHelp("Seconds between polls (0.1 to 3600).", valueName: "seconds"))
    var interval: Double = 1
    @Option(name: .customLong("modbus-history-days"), help: ArgumentHelp(
        "Days of values to keep as trends (whole for the last day, per-minute min/max/mean before it; 0 keeps none).",
        valueName: "days"))
    var historyDays: Int = 7
    @OptionGroup var history: ModbusHistoryOption
    @Option(name: .customLong("modbus-admin-token"), help: ArgumentHelp(
        "The token a write from a variable's page needs (also LISTOR_MODBUS_ADMIN_TOKEN, as every option); without one, or empty, the pages take no writes.", valueName: "token"))
    var adminToken: String?

    /// What is wrong with these options, each said on its own; none when they are good.
    func problems() -> [String] {
        var problems: [String] = []
        if let device { do { _ = try link(device) } catch { problems.append(ServeCommand.message(of: error)) } }
        if plant != nil, device != nil || map != nil {
            problems.append("--modbus-plant names every device and its map: give it without --modbus-device and --modbus-map")
        }
        if !(0...3650).contains(historyDays) { problems.append("--modbus-history-days: \(historyDays) is outside 0 to 3650") }
        if !(interval >= 0.1 && interval <= 3600) { problems.append("--modbus-interval: \(interval) is outside 0.1 to 3600 seconds") }
        return problems
    }

    private func link(_ device: String) throws -> ModbusLink {
        do { return try ModbusDeviceAddress.link(device) } catch let error as ValidationError {
            throw ValidationError("--modbus-device: \(error.message)")
        }
    }

    var settings: ModbusSettings {
        ModbusSettings(plant: plant, device: device.flatMap { try? link($0) }, map: map, unit: unit, interval: .milliseconds(Int((interval * 1000).rounded())),
                       historyDays: historyDays, historyDatabase: try? history.database,
                       adminToken: adminToken.flatMap { $0.isEmpty ? nil : $0 })
    }
}
