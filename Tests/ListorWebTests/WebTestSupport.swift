import Foundation
import Hummingbird
import HummingbirdTesting
import ListorWeb
import Modbus
import Synchronization
import Transistors

/// The web front end over the bundled catalog and a simulated TUF-2000M, as `listor serve` builds it.
func makeRouter(configuration: WebConfiguration = WebConfiguration(), meter: SimulatedMeter? = nil,
                trends: VariableTrendViewModel? = nil) async throws -> Router<WebRequestContext> {
    var transistors = TransistorListViewModel()
    await transistors.load(from: TransistorCatalogProviders.bundled())
    let meter = if let meter { meter } else { try await SimulatedMeter() }
    return try await buildRouter(configuration: configuration, modules: [
        TransistorsWebModule(viewModel: transistors),
        ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor, trends: trends)], timeZone: TimeZone(identifier: "UTC")!),
    ])
}

/// A simulated TUF-2000M that the test polls when it wants (`monitor.refresh()`), answering
/// in-process from its register bank; `link.isDown` makes every read fail as a dead link would.
struct SimulatedMeter: Sendable {
    let bank: ModbusRegisterBank
    let link: BankLink
    let monitor: RegisterMonitor

    /// `interval` is how often `monitor.run()` polls, for the tests that let it. `writable`
    /// names the variables its map lets be written besides the meter's own settings (the write
    /// tests take the flow rate's registers as a float setpoint).
    init(maximumWatchers: Int = 100, interval: Duration = .seconds(1), recorder: TrendRecorder? = nil, writable: Set<String> = []) async throws {
        var map = try RegisterMap.tuf2000m()
        for index in map.variables.indices where writable.contains(map.variables[index].name) { map.variables[index].writable = true }
        bank = TUF2000MSimulation(map: map, started: Date(timeIntervalSince1970: 0)).makeBank(at: Date(timeIntervalSince1970: 60))
        link = BankLink(bank: bank)
        monitor = await RegisterMonitor(poller: RegisterPoller(map: map, transport: link), interval: interval, maximumWatchers: maximumWatchers,
                                        recorder: recorder)
    }

    /// Sets the flow rate (registers 1-2, REAL4 low word first).
    func setFlow(_ value: Float) {
        bank.update { $0.setHolding([UInt16(value.bitPattern & 0xFFFF), UInt16(value.bitPattern >> 16)], from: 0) }
    }
}

/// A transport that answers from a register bank in-process, or fails as a dead link would.
final class BankLink: ModbusTransport {
    private let bank: ModbusRegisterBank
    private let down = Mutex(false)

    init(bank: ModbusRegisterBank) {
        self.bank = bank
    }

    var isDown: Bool {
        get { down.withLock { $0 } }
        set { down.withLock { $0 = newValue } }
    }

    func send(_ request: ModbusRequest) async throws -> ModbusResponse {
        if isDown { throw ModbusError.responseTimeout(endpoint: "meter:502", seconds: 2) }
        switch bank.respond(to: request) {
        case .success(let response): return response
        case .failure(let code): throw ModbusError.exception(code, function: request.function)
        }
    }
}

/// Sends requests straight to the router, without a socket.
func withRouter<Value: Sendable>(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
    try await Application(router: try await makeRouter()).test(.router, test)
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
