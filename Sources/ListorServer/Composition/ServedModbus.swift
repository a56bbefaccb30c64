import ArgumentParser
import CoreMetrics
import Foundation
import ListorCommandKit
import ListorKit
import Modbus
import ModbusCLI
import ModbusIO
import ServiceLifecycle

/// ModbusApp's running parts for `listor serve`: the plant's devices (a simulated TUF-2000M
/// unless one or a plant was named), a line for each wire they are on, and a monitor polling
/// each device. `services` run beside the web server.
struct ServedModbus {
    /// One device and its monitor.
    struct Device {
        let name: String
        /// "Simulated TUF-2000M at 127.0.0.1:40123, unit 1".
        let description: String
        let monitor: RegisterMonitor
        /// The variables' trends, when history is kept.
        let trends: VariableTrendViewModel?
        let writer: VariableWriter
        let audit: any WriteAudit
    }

    let devices: [Device]
    /// The devices other `serve` processes record into a shared history (PostgreSQL); nil otherwise.
    let recorded: RecordedDevicesViewModel?
    /// The outbox of the alarms' letters, when the plant names who is mailed them.
    let mail: (any MailOutbox)?
    /// Who is mailed each alarm.
    let alarmMail: [String]
    let services: [any Service]
    private let lines: [ModbusLine]
    private let simulator: ModbusTCPServer?

    /// What the log says at start: "ModbusApp polls …".
    var summary: String {
        devices.count == 1 ? devices[0].description : "a plant of \(devices.count) devices on \(lines.count) \(lines.count == 1 ? "line" : "lines")"
    }

    /// `report` hears what the devices and the history have to say for the log (a device gone
    /// and back, writes failing and working again).
    /// `owner` names this server in a shared history: its host and its data directory.
    static func start(_ settings: ModbusSettings, history: any PlantHistory, owner: String, environment: CommandEnvironment,
                      metrics: any MetricsFactory = NOOPMetricsHandler.instance,
                      report: @escaping @Sendable (String) -> Void) async throws -> ServedModbus {
        var services: [any Service] = []
        var simulator: ModbusTCPServer?
        let plant: ModbusPlant, maps: [RegisterMap]
        if let path = settings.plant {
            (plant, maps) = try ModbusComposition.plant(at: path, option: "--modbus-plant", environment)
        } else {
            let map = try ModbusComposition.registerMap(settings.map, environment, option: "--modbus-map")
            let link: ModbusLink
            if let device = settings.device {
                link = device
            } else {
                let (server, update) = try await ModbusComposition.startSimulator(host: "127.0.0.1", port: 0)
                simulator = server
                link = .tcp(host: "127.0.0.1", port: server.port)
                // The simulated meter's readings move on at the poll interval, at least once a second.
                let tick = min(settings.interval, .seconds(1))
                services.append(ClosureService { await cancelWhenGracefulShutdown {
                    while !Task.isCancelled {
                        update()
                        do { try await Task.sleep(for: tick) } catch { return }
                    }
                } })
            }
            plant = ModbusPlant(devices: [PlantDevice(name: PlantDevice.loneName, link: link, unit: settings.unit, interval: settings.interval)])
            maps = [map]
        }
        // One history for the plant: each device's trends under its name (when they are kept), and the audit log of writes.
        let trendsKept = settings.historyDays > 0
        // A device of a shared history is its recorder's: a name another server records another
        // device or map under is refused, every such name at once.
        if trendsKept, settings.historyDatabase != nil {
            var taken: [String] = []
            for (device, map) in zip(plant.devices, maps) {
                if let holder = try await history.claim(device.name, source: "\(device.link), unit \(device.unit)", map: map.identity, interval: device.interval, by: owner) {
                    taken.append("device \"\(device.name)\" is recorded in the shared history by \(holder); give this one another name")
                }
            }
            guard taken.isEmpty else { throw ValidationError((settings.plant.map { "--modbus-plant: \($0): " } ?? "") + taken.joined(separator: "\n")) }
        }
        var lines: [String: ModbusLine] = [:]
        var devices: [Device] = []
        for (device, map) in zip(plant.devices, maps) {
            let line = lines[device.lineKey] ?? ModbusLine(device.link)
            lines[device.lineKey] = line
            let client = ModbusClient(line: line, unitID: device.unit)
            let what = simulator != nil ? "Simulated TUF-2000M" : map.device.isEmpty ? "the device" : map.device
            var recorder: TrendRecorder?, trends: VariableTrendViewModel?
            let letters = plant.alarmMail.isEmpty ? nil
                : AlarmLetters(recipients: plant.alarmMail, device: device.name, place: "\(map.device.isEmpty ? "the device" : map.device) at \(device.link), unit \(device.unit)")
            if trendsKept {
                let store = history.device(device.name)
                let trendRecorder = TrendRecorder(store: store, map: map, letters: letters, report: report)
                services.append(ClosureService { await cancelWhenGracefulShutdown { await trendRecorder.run() } })
                recorder = trendRecorder
                trends = VariableTrendViewModel(store: store, pollInterval: device.interval)
            }
            let name = device.name
            let monitor = await RegisterMonitor(poller: ModbusComposition.poller(map, on: client, name: plant.devices.count == 1 ? nil : device.name, metrics: metrics), interval: device.interval,
                                                recorder: recorder, report: { report(plant.devices.count == 1 ? $0 : "\(name): \($0)") })
            services.append(ClosureService { await cancelWhenGracefulShutdown { await monitor.run() } })
            devices.append(Device(name: device.name, description: "\(what) at \(device.link), unit \(device.unit)", monitor: monitor, trends: trends,
                                  writer: VariableWriter(device: device.name, transport: client, audit: history), audit: history))
        }
        let shared = settings.historyDatabase != nil && trendsKept
        return ServedModbus(devices: devices, recorded: shared ? RecordedDevicesViewModel(history: history, polled: plant.devices.map(\.name)) : nil,
                            mail: !plant.alarmMail.isEmpty && trendsKept ? history : nil, alarmMail: trendsKept ? plant.alarmMail : [], services: services, lines: Array(lines.values), simulator: simulator)
    }

    /// Closes every line and stops the simulated device.
    func close() async {
        for line in lines { await line.close() }
        try? await simulator?.close()
    }
}
