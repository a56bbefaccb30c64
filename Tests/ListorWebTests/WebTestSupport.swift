import Foundation
import Hummingbird
import HummingbirdTesting
import ListorWeb
import Modbus
import Synchronization
import Transistors

/// The web front end over the bundled catalog and a simulated TUF-2000M, as `listor serve` builds it.
func makeRouter(configuration: WebConfiguration = WebConfiguration(), meter: SimulatedMeter? = nil) async throws -> Router<BasicRequestContext> {
    var transistors = TransistorListViewModel()
    await transistors.load(from: TransistorCatalogProviders.bundled())
    let meter = if let meter { meter } else { try await SimulatedMeter() }
    return try await buildRouter(configuration: configuration, modules: [
        TransistorsWebModule(viewModel: transistors),
        ModbusWebModule(monitor: meter.monitor, device: "Simulated TUF-2000M", timeZone: TimeZone(identifier: "UTC")!),
    ])
}

/// A simulated TUF-2000M that the test polls when it wants (`monitor.refresh()`), answering
/// in-process from its register bank; `link.isDown` makes every read fail as a dead link would.
struct SimulatedMeter: Sendable {
    let bank: ModbusRegisterBank
    let link: BankLink
    let monitor: RegisterMonitor

    init(maximumWatchers: Int = 100) async throws {
        let map = try RegisterMap.tuf2000m()
        bank = TUF2000MSimulation(map: map, started: Date(timeIntervalSince1970: 0)).makeBank(at: Date(timeIntervalSince1970: 60))
        link = BankLink(bank: bank)
        monitor = await RegisterMonitor(poller: RegisterPoller(map: map, transport: link), interval: .seconds(1), maximumWatchers: maximumWatchers)
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

/// Stands between a test and some of a server's routes: counts the requests it sees, and
/// holds them until the test lets them through, or refuses them. `guarding(_:)` puts it in
/// front of a router.
final class OriginControl: RouterMiddleware, Sendable {
    typealias Context = BasicRequestContext

    enum Mode: Sendable { case pass, hold, fail }

    private struct State {
        var mode: Mode
        var counts: [String: Int] = [:]
        var held: [CheckedContinuation<Void, Never>] = []
    }

    /// The path of every request it holds, as it arrives.
    let arrivals: AsyncStream<String>
    private let arrived: AsyncStream<String>.Continuation
    private let state: Mutex<State>
    private let matches: @Sendable (String) -> Bool

    init(_ mode: Mode = .pass, paths matches: @escaping @Sendable (String) -> Bool) {
        (arrivals, arrived) = AsyncStream.makeStream()
        state = Mutex(State(mode: mode))
        self.matches = matches
    }

    /// How many requests for `path` it has seen.
    func count(_ path: String) -> Int { state.withLock { $0.counts[path, default: 0] } }

    /// How many requests for matching paths it has seen.
    var total: Int { state.withLock { $0.counts.values.reduce(0, +) } }

    /// Lets the held requests, and those to come, through or refuses them.
    func set(_ mode: Mode) {
        let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.mode = mode
            guard mode != .hold else { return [] }
            defer { state.held = [] }
            return state.held
        }
        for request in held { request.resume() }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard matches(path) else { return try await next(request, context) }
        var mode = state.withLock { state in
            state.counts[path, default: 0] += 1
            return state.mode
        }
        if mode == .hold {
            await withCheckedContinuation { continuation in
                let stillHolding = state.withLock { state in
                    if state.mode == .hold { state.held.append(continuation) }
                    return state.mode == .hold
                }
                if stillHolding { arrived.yield(path) } else { continuation.resume() }
            }
            mode = state.withLock { $0.mode }
        }
        if mode == .fail { throw HTTPError(.internalServerError, message: "the origin is failing, as the test asked") }
        return try await next(request, context)
    }
}

extension OriginControl {
    /// `router` with this in front of every route.
    func guarding(_ router: Router<BasicRequestContext>) -> Guarded { Guarded(control: self, router: router) }

    struct Guarded: HTTPResponderBuilder {
        let control: OriginControl
        let router: Router<BasicRequestContext>

        func buildResponder() -> CallbackResponder<BasicRequestContext> {
            let (control, responder) = (control, router.buildResponder())
            return CallbackResponder { request, context in
                try await control.handle(request, context: context) { try await responder.respond(to: $0, context: $1) }
            }
        }
    }
}
