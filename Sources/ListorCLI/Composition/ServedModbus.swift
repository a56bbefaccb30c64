import CoreMetrics
import ArgumentParser
import Foundation
import Modbus
import ModbusIO
import ModbusSQLite
import ServiceLifecycle

/// ModbusApp's running parts for `listor serve`: the device (simulated unless one was named),
/// the client, and the monitor that polls it. `services` run beside the web server.
struct ServedModbus {
    let monitor: RegisterMonitor
    /// "Simulated TUF-2000M at 127.0.0.1:40123, unit 1".
    let device: String
    let services: [any Service]
    /// The variables' trends, when history is kept.
    let trends: VariableTrendViewModel?
    private let client: ModbusClient
    private let simulator: ModbusTCPServer?

    /// `report` hears what the device and the history have to say for the log (the device gone
    /// and back, writes failing and working again).
    static func start(_ settings: ModbusSettings, dataDirectory: String, environment: CommandEnvironment,
                      metrics: any MetricsFactory = NOOPMetricsHandler.instance,
                      report: @escaping @Sendable (String) -> Void) async throws -> ServedModbus {
        let map = try ModbusComposition.registerMap(settings.map, environment, option: "--modbus-map")
        var services: [any Service] = []
        let link: ModbusLink, description: String
        var simulator: ModbusTCPServer?
        if let device = settings.device {
            link = device
            description = "\(map.device.isEmpty ? "the device" : map.device) at \(device), unit \(settings.unit)"
        } else {
            let (server, update) = try await ModbusComposition.startSimulator(host: "127.0.0.1", port: 0)
            simulator = server
            link = .tcp(host: "127.0.0.1", port: server.port)
            description = "Simulated TUF-2000M at 127.0.0.1:\(server.port), unit \(settings.unit)"
            // The simulated meter's readings move on at the poll interval, at least once a second.
            let tick = min(settings.interval, .seconds(1))
            services.append(TaskService {
                while !Task.isCancelled {
                    update()
                    do { try await Task.sleep(for: tick) } catch { return }
                }
            })
        }
        let client = ModbusClient(link, unitID: settings.unit)
        var recorder: TrendRecorder?, trends: VariableTrendViewModel?
        if settings.historyDays > 0 {
            let store = try SQLiteTrendStore(path: "\(dataDirectory)/modbus-history.sqlite", retention: .seconds(settings.historyDays * 86_400))
            let trendRecorder = TrendRecorder(store: store, map: map, report: report)
            services.append(TaskService { await trendRecorder.run() })
            recorder = trendRecorder
            trends = VariableTrendViewModel(store: store, pollInterval: settings.interval)
        }
        let monitor = await RegisterMonitor(poller: ModbusComposition.poller(map, on: client, metrics: metrics), interval: settings.interval, recorder: recorder,
                                            report: report)
        services.append(TaskService { await monitor.run() })
        return ServedModbus(monitor: monitor, device: description, services: services, trends: trends, client: client, simulator: simulator)
    }

    /// Closes the connection to the device and stops the simulated one.
    func close() async {
        await client.close()
        try? await simulator?.close()
    }
}
