import ArgumentParser
import CoreMetrics
import Foundation
import ListorCommandKit
import ListorKit
import ListorSQL
import Modbus
import ModbusIO
import ModbusSQL

/// Builds ModbusApp's transports and devices: a client for one device, the simulated TUF-2000M,
/// and the register map a device is read with.
package enum ModbusComposition {
    /// A client of `link` that closes when `scope` ends; `timeout` bounds connecting and each response.
    static func client(_ link: ModbusLink, unit: UInt8, timeout: Duration, in scope: ResourceScope) -> ModbusClient {
        scope.keep(ModbusClient(link, unitID: unit, configuration: ModbusClientConfiguration(connectTimeout: timeout, responseTimeout: timeout))) { await $0.close() }
    }

    /// The plant's history and audit log, open until `scope` ends: in PostgreSQL at `database`,
    /// its client running and its tables made, or else in `dataDirectory`'s `modbus-history.sqlite`.
    package static func history(_ database: PostgresURL?, dataDirectory: String, retention: Duration = .seconds(7 * 86_400),
                                in scope: ResourceScope) async throws -> SQLPlantHistory {
        guard let database else { return try SQLPlantHistory(path: "\(dataDirectory)/modbus-history.sqlite", retention: retention) }
        do {
            let history = SQLPlantHistory(database: try await PostgreSQLDatabase.open(at: database, in: scope), retention: retention)
            try await history.migrate()
            return history
        } catch let error as StorageError where error.code == .unavailable {
            throw TrendStoreError("cannot open the Modbus history at \(database): \(error.message)")
        }
    }

    /// Runs `body` with the trends of `device` in the history `serve` keeps (in `database`, or in
    /// `dataDirectory` when there is none), for reading; without a device, the one the
    /// history holds. A directory without a history, or a device the history does not hold, is
    /// an error saying so.
    static func withTrends<T: Sendable>(in dataDirectory: String, database: PostgresURL?, device: String?,
                              _ body: (VariableTrendViewModel) async throws -> T) async throws -> T {
        let directory = try DataDirectory.prepare(dataDirectory)
        let path = "\(directory)/modbus-history.sqlite"
        if database == nil, !FileManager.default.fileExists(atPath: path) {
            throw CompositionError("no Modbus history at \(path): `listor serve` records one (--data-dir \(directory))")
        }
        return try await ResourceScope.with { scope in
            let history = try await history(database, dataDirectory: directory, in: scope)
            let place = database.map { "\($0)" } ?? path
            let devices = try await history.devices()
            let list = devices.map { "\"\($0)\"" }.joined(separator: ", ")
            guard let name = device ?? (devices.count == 1 ? devices[0] : nil) else {
                throw ValidationError("--device: the history at \(place) holds \(devices.count) devices; name one of \(list)")
            }
            guard devices.contains(name) else {
                throw ValidationError("--device: the history at \(place) holds no device \"\(name)\"; it holds \(devices.isEmpty ? "none yet" : list)")
            }
            return try await body(VariableTrendViewModel(store: history.device(name), pollInterval: .seconds(1)))
        }
    }

    /// A poller of every variable of `map` on `transport`, counting its polls into `metrics`
    /// under `name` (the map's device when nil).
    package static func poller(_ map: RegisterMap, on transport: any ModbusTransport, name: String? = nil,
                       metrics: any MetricsFactory = NOOPMetricsHandler.instance) -> RegisterPoller {
        RegisterPoller(map: map, transport: transport, name: name, metrics: metrics)
    }

    /// A simulated TUF-2000M listening on `host`:`port` (0 for any free port), and the simulation
    /// that moves its readings on when `update` is called.
    package static func startSimulator(host: String, port: Int) async throws -> (server: ModbusTCPServer, update: @Sendable () -> Void) {
        let simulation = TUF2000MSimulation(map: try RegisterMap.tuf2000m())
        let bank = simulation.makeBank(at: Date())
        let server = try await ModbusTCPServer.start(host: host, port: port, bank: bank)
        return (server, { simulation.update(bank, at: Date()) })
    }

    /// The map at `path`, or the bundled TUF-2000M map. Variables the file gets wrong are reported
    /// on standard error and left out; a file with none usable is a usage error naming `option`.
    /// The plant file at `path` and each device's map (a map's path is taken from the plant
    /// file's folder). A plant file with any problem is refused, each problem named.
    package static func plant(at path: String, option: String, _ environment: CommandEnvironment) throws -> (ModbusPlant, [RegisterMap]) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ValidationError("\(option): cannot read \(path): \(error.localizedDescription)")
        }
        let plant: ModbusPlant
        do { plant = try ModbusPlant.decode(data) } catch {
            throw ValidationError("\(option): \(path) is not a plant:\n" + error.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var maps: [String: RegisterMap] = [:]
        let list = try plant.devices.map { device in
            guard case .file(let file) = device.map else { return try RegisterMap.tuf2000m() }
            let mapPath = file.hasPrefix("/") ? file : folder.appendingPathComponent(file).path
            if let known = maps[mapPath] { return known }
            let map = try registerMap(mapPath, environment, option: "\(option): device \"\(device.name)\": map")
            maps[mapPath] = map
            return map
        }
        return (plant, list)
    }

    package static func registerMap(_ path: String?, _ environment: CommandEnvironment, option: String) throws -> RegisterMap {
        guard let path else { return try RegisterMap.tuf2000m() }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ValidationError("\(option): cannot read \(path): \(error.localizedDescription)")
        }
        do {
            let (map, problems) = try RegisterMap.decode(data)
            for problem in problems { environment.writeError("\(path): \(problem)\n") }
            guard !map.variables.isEmpty else { throw ValidationError("\(option): \(path) has no usable variables") }
            return map
        } catch let error as RegisterMapError {
            throw ValidationError("\(option): \(path): \(error)")
        }
    }
}
