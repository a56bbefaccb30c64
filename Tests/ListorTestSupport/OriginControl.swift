import Hummingbird
import ListorWeb
import Synchronization

/// Stands between a test and some of a server's routes: counts the requests it sees, and
/// holds them until the test lets them through, or refuses them. `guarding(_:)` puts it in
/// front of a router.
public final class OriginControl: RouterMiddleware, Sendable {
    public typealias Context = WebRequestContext

    public enum Mode: Sendable { case pass, hold, fail }

    private struct State {
        var mode: Mode
        var counts: [String: Int] = [:]
        var held: [CheckedContinuation<Void, Never>] = []
    }

    /// The path of every request it holds, as it arrives.
    public let arrivals: AsyncStream<String>
    private let arrived: AsyncStream<String>.Continuation
    private let state: Mutex<State>
    private let matches: @Sendable (String) -> Bool

    public init(_ mode: Mode = .pass, paths matches: @escaping @Sendable (String) -> Bool) {
        (arrivals, arrived) = AsyncStream.makeStream()
        state = Mutex(State(mode: mode))
        self.matches = matches
    }

    /// How many requests for `path` it has seen.
    public func count(_ path: String) -> Int { state.withLock { $0.counts[path, default: 0] } }

    /// How many requests for matching paths it has seen.
    public var total: Int { state.withLock { $0.counts.values.reduce(0, +) } }

    /// Lets the held requests, and those to come, through or refuses them.
    public func set(_ mode: Mode) {
        let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.mode = mode
            guard mode != .hold else { return [] }
            defer { state.held = [] }
            return state.held
        }
        for request in held { request.resume() }
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
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
    public func guarding(_ router: Router<WebRequestContext>) -> Guarded { Guarded(control: self, router: router) }

    public struct Guarded: HTTPResponderBuilder {
        let control: OriginControl
        let router: Router<WebRequestContext>

        public func buildResponder() -> CallbackResponder<WebRequestContext> {
            let (control, responder) = (control, router.buildResponder())
            return CallbackResponder { request, context in
                try await control.handle(request, context: context) { try await responder.respond(to: $0, context: $1) }
            }
        }
    }
}
