import ArgumentParser
import Foundation
import Modbus
import ModbusNIO
import ServiceLifecycle

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

    var pollInterval: Duration { .milliseconds(Int((interval * 1000).rounded())) }
}

/// ModbusApp's running parts for `listor serve`: the device (simulated unless one was named),
/// the client, and the monitor that polls it. `services` run beside the web server.
struct ServedModbus {
    let monitor: RegisterMonitor
    /// "Simulated TUF-2000M at 127.0.0.1:40123, unit 1".
    let device: String
    let services: [any Service]
    private let client: ModbusTCPClient
    private let simulator: ModbusTCPServer?

    static func start(_ options: ServeModbusOptions, environment: CommandEnvironment) async throws -> ServedModbus {
        let map = try loadRegisterMap(options.map, environment, option: "--modbus-map")
        var services: [any Service] = []
        let host: String, port: Int, description: String
        var simulator: ModbusTCPServer?
        if let device = options.device {
            (host, port) = (device.host, device.port)
            description = "\(map.device) at \(device.host.contains(":") ? "[\(host)]" : host):\(port), unit \(options.unit)"
        } else {
            let simulation = TUF2000MSimulation(map: try RegisterMap.tuf2000m())
            let bank = simulation.makeBank(at: Date())
            let server = try await ModbusTCPServer.start(host: "127.0.0.1", port: 0, bank: bank)
            simulator = server
            (host, port) = ("127.0.0.1", server.port)
            description = "Simulated TUF-2000M at 127.0.0.1:\(server.port), unit \(options.unit)"
            // The simulated meter's readings move on at the poll interval, at least once a second.
            let tick = min(options.pollInterval, .seconds(1))
            services.append(TaskService {
                while !Task.isCancelled {
                    simulation.update(bank, at: Date())
                    do { try await Task.sleep(for: tick) } catch { return }
                }
            })
        }
        let client = ModbusTCPClient(host: host, port: port, unitID: options.unit)
        let monitor = await RegisterMonitor(poller: RegisterPoller(map: map, transport: client), interval: options.pollInterval)
        services.append(TaskService { await monitor.run() })
        return ServedModbus(monitor: monitor, device: description, services: services, client: client, simulator: simulator)
    }

    /// Closes the connection to the device and stops the simulated one.
    func close() async {
        await client.close()
        try? await simulator?.close()
    }
}

/// A loop that runs beside the web server until the server shuts down.
struct TaskService: Service {
    let body: @Sendable () async -> Void

    init(_ body: @escaping @Sendable () async -> Void) {
        self.body = body
    }

    func run() async throws {
        await cancelWhenGracefulShutdown { await body() }
    }
}
