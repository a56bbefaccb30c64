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
    /// The variables' trends; nil when no history is kept.
    private let trends: VariableTrendViewModel?
    /// "Simulated TUF-2000M at 127.0.0.1:5020, unit 1": where the values come from.
    private let device: String
    private let timeZone: TimeZone
    private let limits: ConnectionLimits
    private let slots: ClientShares
    private let sparklineCache = SparklineCache()

    /// `limits` bound the event streams: how many one client may hold, and what `Retry-After` says;
    /// `metrics` counts the streams open.
    public init(monitor: RegisterMonitor, device: String, trends: VariableTrendViewModel? = nil, timeZone: TimeZone = .current,
                limits: ConnectionLimits = ConnectionLimits(), metrics: WebMetrics = WebMetrics()) {
        self.monitor = monitor
        self.trends = trends
        self.device = device
        self.timeZone = timeZone
        self.limits = limits
        slots = ClientShares(share: limits.maximumStreamsPerClient, meter: metrics.eventStreams(of: "modbus"))
    }

    public var tile: AppTile? {
        AppTile(name: "ModbusApp", summary: "Live registers of a Modbus device as a searchable spreadsheet.", path: "/modbus")
    }

    public var apiPaths: [String] { ["/api/modbus"] }

    public var openAPIDocument: (name: String, server: String)? { ("modbus", "/api") }

    public func readinessProblem() async -> String? {
        await monitor.isRunning ? nil : "ModbusApp: the poller of \(device) is not running"
    }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        router.get("/modbus") { request, _ in
            let snapshot = await monitor.snapshot
            if Self.prefersJSON(request) { return try feed(snapshot, request) }
            let viewModel = RegisterSheetViewModel(snapshot: snapshot, search: QueryPairs.parameters(of: request)["search"] ?? "",
                                                   historyProblem: await monitor.recorder?.problem)
            let zone = readerTimeZone(request)
            let sparklines = try await sparklines(for: snapshot, timeZone: zone, templates: templates)
            let page = try ModbusSheetPage(viewModel, device: device, interval: monitor.interval, timeZone: zone, sparklines: sparklines,
                                           templates: templates)
            return try templates.html(page, as: "modbus/sheet")
        }
        router.get("/api/modbus") { request, _ in try feed(await monitor.snapshot, request) }
        router.get("/modbus/variables/:register") { request, context in
            let trends = try trendsKept()
            let register = try context.parameters.require("register")
            let chart = try await answer { try await trends.chart(register: register, range: QueryPairs.parameters(of: request)["range"], timeZone: readerTimeZone(request)) }
            let index = await monitor.snapshot.rows.firstIndex { $0.register == chart.variable.register }
            return try templates.html(try ModbusVariablePage(chart, rowIndex: index, templates: templates), as: "modbus/variable")
        }
        router.get("/api/modbus/variables/:register/history") { request, context in
            try await history(request, register: try context.parameters.require("register"), csv: Self.prefersCSV(request))
        }
        router.get("/api/modbus/variables/:register/history.csv") { request, context in
            try await history(request, register: try context.parameters.require("register"), csv: true)
        }
        router.get(RouterPath(Self.eventsPath)) { _, context in try await events(client: context.clientAddress) }
    }

    private func trendsKept() throws -> VariableTrendViewModel {
        guard let trends else {
            throw WebError(.notFound, title: "No history", message: "This server keeps no history of the device's values (--modbus-history-days 0).")
        }
        return trends
    }

    /// `from`, `to` and `step` as `VariableTrendViewModel.series` reads them; JSON, or CSV.
    private func history(_ request: Request, register: String, csv: Bool) async throws -> Response {
        let trends = try trendsKept()
        let parameters = QueryPairs.parameters(of: request)
        let series = try await answer {
            try await trends.series(register: register, from: parameters["from"], to: parameters["to"], step: parameters["step"], timeZone: readerTimeZone(request))
        }
        var response: Response
        if csv {
            let name = "modbus-\(series.variable.register).csv"
            response = Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\""],
                                body: .init(byteBuffer: ByteBuffer(string: series.csv)))
        } else {
            response = Response.json(series.json.serialized(pretty: false))
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The sheet's sparklines, the last hour of each variable, by register; none without history.
    private func sparklines(for snapshot: ModbusSnapshot, timeZone: TimeZone, templates: Templates) async throws -> [String: HTMLFragment] {
        guard let trends else { return [:] }
        return try await sparklineCache.sparklines(timeZone: timeZone) {
            var sparklines: [String: HTMLFragment] = [:]
            for row in snapshot.rows {
                guard let chart = try? await trends.chart(register: row.register, range: TrendRange.hour.rawValue, timeZone: timeZone, compact: true) else { continue }
                let title = "\(row.variableName) over the last hour"
                sparklines[row.register] = try templates.fragment(ModbusChartSVG(chart.chart, title: title, unit: row.unit), as: "modbus/sparkline")
            }
            return sparklines
        }
    }

    /// A trend's own errors as the web says them: a bad parameter is 400 naming it, an unknown
    /// variable 404, a history that cannot be read 503.
    private func answer<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as TrendQueryError {
            switch error.kind {
            case .unknownVariable:
                throw WebError(.notFound, title: "No such variable", message: "The register map has \(error.message.replacingOccurrences(of: "; the map has", with: ". It has")).",
                               apiMessage: error.message, suggestions: [WebError.Link(label: "All variables", href: "/modbus")])
            case .invalid:
                var web = WebError(.badRequest, message: error.description)
                web.details = [("problems", .array([.members([("field", .string(error.field ?? "")), ("message", .string(error.message))])]))]
                throw web
            }
        } catch let error as TrendStoreError {
            throw WebError(.serviceUnavailable, title: "History unavailable", message: error.description)
        }
    }

    /// The reader's time zone, which modbus.js tells in a cookie; the server's without it.
    private func readerTimeZone(_ request: Request) -> TimeZone {
        request.cookies["listor_tz"].flatMap { TimeZone(identifier: $0.value) } ?? timeZone
    }

    /// True when the client asks for CSV: `Accept: text/csv`.
    static func prefersCSV(_ request: Request) -> Bool {
        request.headers[values: .accept].joined(separator: ",").lowercased().contains("text/csv")
    }

    /// One event per poll until the page goes away or the server shuts down. Refused with 503
    /// and `Retry-After` when the client, or everyone together, holds too many streams.
    private func events(client: String) async throws -> Response {
        guard case .success = slots.take(for: client) else {
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

    /// The seed backend's feed, which the original iOS app decodes; with `?typed=1`, values as
    /// numbers too.
    private func feed(_ snapshot: ModbusSnapshot, _ request: Request) throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        var reader = ParameterReader { parameters[$0] }
        let typed = reader.flag("typed")
        if !reader.errors.isEmpty { throw FieldErrors(reader.errors) }
        var response = Response.json(ModbusFeed.json(snapshot, timeZone: timeZone, typed: typed).serialized(pretty: false))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// True when the client asks for JSON and not for HTML: the original app, or `curl -H 'Accept: application/json'`.
    static func prefersJSON(_ request: Request) -> Bool {
        let accept = request.headers[values: .accept].joined(separator: ",").lowercased()
        return accept.contains("application/json") && !accept.contains("text/html")
    }
}
