import Foundation
import Hummingbird
import ListorKit
import Modbus
import ServiceLifecycle

/// ModbusApp on the web: the live spreadsheet, its event stream, and the seed backend's JSON
/// feed, all from one `RegisterMonitor` that the composition root starts.
public struct ModbusWebModule: WebModule {
    static let eventsPath = "/modbus/events"

    private let monitor: RegisterMonitor
    /// "Simulated TUF-2000M at 127.0.0.1:5020, unit 1": where the values come from.
    private let device: String
    private let timeZone: TimeZone
    private let limits: ConnectionLimits
    private let slots: StreamSlots

    /// `limits` bound the event streams: how many one client may hold, and what `Retry-After` says.
    public init(monitor: RegisterMonitor, device: String, timeZone: TimeZone = .current, limits: ConnectionLimits = ConnectionLimits()) {
        self.monitor = monitor
        self.device = device
        self.timeZone = timeZone
        self.limits = limits
        slots = StreamSlots(maximumPerClient: limits.maximumStreamsPerClient)
    }

    public var tile: AppTile? {
        AppTile(name: "ModbusApp", summary: "Live registers of a Modbus device as a searchable spreadsheet.", path: "/modbus")
    }

    public var apiPaths: [String] { ["/api/modbus"] }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        router.get("/modbus") { request, _ in
            let snapshot = await monitor.snapshot
            if Self.prefersJSON(request) { return feed(snapshot) }
            let viewModel = RegisterSheetViewModel(snapshot: snapshot, search: QueryPairs.parameters(of: request)["search"] ?? "")
            let page = try ModbusSheetPage(viewModel, device: device, interval: monitor.interval, timeZone: timeZone, templates: templates)
            return try templates.html(page, as: "modbus/sheet")
        }
        router.get("/api/modbus") { _, _ in feed(await monitor.snapshot) }
        router.get(RouterPath(Self.eventsPath)) { _, context in try await events(client: context.clientAddress) }
    }

    /// One event per poll until the page goes away or the server shuts down. Refused with 503
    /// and `Retry-After` when the client, or everyone together, holds too many streams.
    private func events(client: String) async throws -> Response {
        guard slots.take(for: client) else {
            throw streamRefusal("This client already follows the device in \(limits.maximumStreamsPerClient) pages")
        }
        guard let updates = await monitor.updates() else {
            slots.release(for: client)
            throw streamRefusal("Too many pages are following the device")
        }
        let (timeZone, slots) = (self.timeZone, self.slots)
        // A client that stops reading is dropped by the connection's write timeout
        // (`ConnectionGuard`); the write here then fails and the slot is released.
        let body = ResponseBody { writer in
            defer { slots.release(for: client) }
            try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
            for await snapshot in updates.cancelOnGracefulShutdown() {
                let event = ModbusSheetPage.event(RegisterSheetViewModel(snapshot: snapshot), timeZone: timeZone)
                try await writer.write(ByteBuffer(string: "event: snapshot\ndata: \(event.serialized(pretty: false))\n\n"))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"], body: body)
    }

    private func streamRefusal(_ reason: String) -> WebError {
        var error = WebError(.serviceUnavailable, message: "\(reason); live updates resume when one closes. Retry in \(limits.retryAfter) seconds.")
        error.headers[.retryAfter] = "\(limits.retryAfter)"
        return error
    }

    /// The seed backend's feed, which the original iOS app decodes.
    private func feed(_ snapshot: ModbusSnapshot) -> Response {
        var response = Response.json(ModbusFeed.json(snapshot, timeZone: timeZone).serialized(pretty: false))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// True when the client asks for JSON and not for HTML: the original app, or `curl -H 'Accept: application/json'`.
    static func prefersJSON(_ request: Request) -> Bool {
        let accept = request.headers[values: .accept].joined(separator: ",").lowercased()
        return accept.contains("application/json") && !accept.contains("text/html")
    }
}
