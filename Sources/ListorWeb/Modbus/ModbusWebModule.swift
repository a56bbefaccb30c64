import Foundation
import Hummingbird
import ListorKit
import Modbus
import ServiceLifecycle

/// ModbusApp on the web: the plant (a row per device), each device's live spreadsheet, its event
/// stream, its variables' charts and history, and the seed backend's JSON feed, each device
/// from a `RegisterMonitor` that the composition root starts. The plant's first device answers
/// at the seed's addresses too (`/api/modbus`, `/modbus/events`, the history API), so that the
/// original clients keep working.
public struct ModbusWebModule: WebModule {
    /// One device of the plant, as the composition root started it.
    public struct Device: Sendable {
        public let name: String
        /// "Simulated TUF-2000M at 127.0.0.1:5020, unit 1": where the values come from.
        public let description: String
        public let monitor: RegisterMonitor
        /// The variables' trends; nil when no history is kept.
        public let trends: VariableTrendViewModel?
        /// What writes a variable from its page, and where writes are kept; nil when the server
        /// takes no writes.
        public let writer: VariableWriter?
        public let audit: (any WriteAudit)?

        public init(name: String, description: String, monitor: RegisterMonitor, trends: VariableTrendViewModel? = nil,
                    writer: VariableWriter? = nil, audit: (any WriteAudit)? = nil) {
            self.name = name
            self.description = description
            self.monitor = monitor
            self.trends = trends
            self.writer = writer
            self.audit = audit
        }

        /// "/modbus/devices/meter-1": the device's sheet; its events and charts are under it.
        var path: String { "/modbus/devices/\(name)" }
        var apiPath: String { "/api/modbus/devices/\(name)" }
    }

    /// A device whose history this server charts: one of its plant, or one that another server
    /// records into the shared history.
    private struct Charted {
        let name: String
        let trends: VariableTrendViewModel?
        let audit: (any WriteAudit)?
        /// The device, when this server polls it.
        let polled: Device?

        var path: String { "/modbus/devices/\(name)" }
        var apiPath: String { "/api/modbus/devices/\(name)" }
    }

    private let devices: [Device]
    /// The device of the seed's addresses (`/modbus`, `/api/modbus`): the plant's first.
    private var first: Device { devices[0] }
    /// The devices other servers record into a shared history; nil when the history is this server's own.
    private let recorded: RecordedDevicesViewModel?
    /// The token a write from a variable's page needs; without one, the pages take no writes.
    private let gate: AdminGate
    private var formKey: FormKey { gate.formKey }
    private let timeZone: TimeZone
    private let limits: ConnectionLimits
    private let slots: ClientShares
    /// Each device's sparklines, by name.
    private let sparklineCaches: [String: SparklineCache]

    /// `limits` bound the event streams: how many one client may hold, and what `Retry-After` says;
    /// `metrics` counts the streams open.
    public init(devices: [Device], recorded: RecordedDevicesViewModel? = nil, adminToken: String? = nil, formKey: FormKey = .random(),
                timeZone: TimeZone = .current, limits: ConnectionLimits = ConnectionLimits(), metrics: WebMetrics = WebMetrics()) {
        precondition(!devices.isEmpty, "a plant has at least one device")
        self.devices = devices
        self.recorded = recorded
        gate = AdminGate(token: adminToken.map(AdminToken.init(value:)), formKey: formKey, role: "operator", path: "/modbus")
        sparklineCaches = Dictionary(devices.map { ($0.name, SparklineCache()) }, uniquingKeysWith: { first, _ in first })
        self.timeZone = timeZone
        self.limits = limits
        slots = ClientShares(share: limits.maximumStreamsPerClient, meter: metrics.eventStreams(of: "modbus"))
    }

    public var tile: AppTile? {
        AppTile(name: "ModbusApp", summary: "Live registers of Modbus devices as searchable spreadsheets.", path: "/modbus")
    }

    public var apiPaths: [String] { ["/api/modbus"] }

    public var openAPIDocument: (name: String, server: String)? { ("modbus", "/api") }

    public func readinessProblem() async -> String? {
        for device in devices where !(await device.monitor.isRunning) {
            return "ModbusApp: the poller of \(device.description) is not running"
        }
        return nil
    }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        router.get("/modbus") { try await plant($0, $1, templates: templates) }
        router.get("/modbus/devices/:device") { try await sheet($0, $1, templates: templates) }
        router.get("/api/modbus") { request, _ in try feed(await first.monitor.snapshot, request) }
        router.get("/api/modbus/devices/:device", use: deviceFeed)
        router.get("/modbus/devices/:device/variables/:register") { try await variablePage($0, $1, templates: templates) }
        router.post("/modbus/devices/:device/variables/:register/write") { try await write($0, $1, templates: templates) }
        router.get("/api/modbus/devices/:device/alarms", use: alarms)
        router.get("/api/modbus/devices/:device/writes", use: writes)
        router.post("/api/modbus/devices/:device/writes", use: apiWrite)
        // The seed's addresses of the first device's charts lead to where they are now.
        router.get("/modbus/variables/:register", use: movedChart)
        let firstCharted = Charted(name: first.name, trends: first.trends, audit: first.audit, polled: first)
        for (prefix, device) in [("/api/modbus/devices/:device", nil), ("/api/modbus", firstCharted)] {
            router.get(RouterPath("\(prefix)/variables/:register/history")) { request, context in
                let charted = if let device { device } else { try await self.charted(context) }
                return try await history(charted, request, register: try context.parameters.require("register"), csv: Self.prefersCSV(request))
            }
            router.get(RouterPath("\(prefix)/variables/:register/history.csv")) { request, context in
                let charted = if let device { device } else { try await self.charted(context) }
                return try await history(charted, request, register: try context.parameters.require("register"), csv: true)
            }
        }
        router.get("/modbus/devices/:device/events") { _, context in try await events(of: try self.device(context), client: context.clientAddress) }
        router.get("/modbus/events") { _, context in try await events(of: first, client: context.clientAddress) }
    }

    @Sendable private func plant(_ request: Request, _ context: WebRequestContext, templates: Templates) async throws -> Response {
        if Self.prefersJSON(request) { return try feed(await first.monitor.snapshot, request) }
        var plant: [PlantViewModel.Device] = []
        for device in devices {
            plant.append(PlantViewModel.Device(name: device.name, address: device.description, snapshot: await device.monitor.snapshot))
        }
        var others: [String] = [], problem: String?
        do { others = try await recorded?.devices() ?? [] } catch let error as TrendStoreError { problem = error.description }
        return try templates.html(ModbusPlantPage(PlantViewModel(devices: plant), recorded: others, recordedProblem: problem, timeZone: readerTimeZone(request)),
                                  as: .modbusPlant)
    }

    @Sendable private func sheet(_ request: Request, _ context: WebRequestContext, templates: Templates) async throws -> Response {
        let charted = try await self.charted(context)
        guard let device = charted.polled else {
            if Self.prefersJSON(request) { throw recordedElsewhere(charted.name) }
            let trends = try trendsKept(of: charted)
            let variables = try await answer(charted.path) { try await trends.variables() }
            let status = try await answer(charted.path) { try await recorded?.status(of: charted.name) }
            return try templates.html(ModbusRecordedPage(name: charted.name, path: charted.path, variables: variables,
                                                         status: status ?? RecordedDevicesViewModel.Status(),
                                                         timeZone: readerTimeZone(request)), as: .modbusRecorded)
        }
        let snapshot = await device.monitor.snapshot
        if Self.prefersJSON(request) { return try feed(snapshot, request) }
        let viewModel = RegisterSheetViewModel(snapshot: snapshot, search: QueryPairs.parameters(of: request)["search"] ?? "",
                                               historyProblem: await device.monitor.recorder?.problem)
        let zone = readerTimeZone(request)
        let sparklines = try await sparklines(of: device, snapshot, timeZone: zone, templates: templates)
        let page = try ModbusSheetPage(viewModel, name: device.name, device: device.description, path: device.path, interval: device.monitor.interval,
                                       timeZone: zone, sparklines: sparklines, templates: templates)
        return try templates.html(page, as: .modbusSheet)
    }

    @Sendable private func deviceFeed(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        guard let device = try await self.charted(context).polled else { throw recordedElsewhere(try context.parameters.require("device")) }
        return try feed(await device.monitor.snapshot, request)
    }

    @Sendable private func write(_ request: Request, _ context: WebRequestContext, templates: Templates) async throws -> Response {
        let session = PageSession(request, formKey: formKey, cookiePath: "/modbus")
        let form = try await session.checkedForm(ModbusWriteForm.self, from: request, limit: 4096)
        let device = try self.device(context)
        let register = try context.parameters.require("register")
        guard let writer = device.writer, gate.token != nil else {
            throw WebError(.forbidden, message: "This server takes no writes from its pages: start it with --modbus-admin-token.")
        }
        guard try gate.accepts(form.adminToken, context) else {
            return try await variablePage(request, context, templates: templates, status: .unauthorized, form: form, problem: ("admin_token", "The admin token is not right."))
        }
        guard let variable = device.monitor.map.variable(named: register) else {
            throw WebError(.notFound, message: "\(device.name) has no variable at register \(register).")
        }
        guard VariableWriter.canWrite(variable) else {
            throw WebError(.forbidden, message: "\(variable.name) (\(variable.registerLabel)) is not writable: its map does not mark it \"writable\": true.")
        }
        let outcome: WriteRecord
        do {
            outcome = try await writer.write([form.value ?? ""], to: variable, by: .web(client: context.clientAddress))
        } catch let error as RegisterValueError {
            return try await variablePage(request, context, templates: templates, status: .unprocessableContent, form: form, problem: ("value", error.description))
        }
        // The page again by a redirect, so that a reload never writes again; what the write did
        // goes with it, signed, so that no link can make the page claim a write.
        let said = (outcome.succeeded ? "ok:" : "failed:") + ModbusVariablePage.Write.sentence(of: outcome)
        let page = String(request.uri.path.dropLast("/write".count))
        return Response(status: .seeOther, headers: [.location: page + "?" + URLQuery.encode([("written", formKey.signed(said, for: "modbus-write"))])])
    }

    /// What the write the address carries did, when this server signed it.
    private func written(_ request: Request) -> (text: String, failed: Bool)? {
        guard let said = formKey.value(of: QueryPairs.parameters(of: request)["written"], for: "modbus-write") else { return nil }
        if said.hasPrefix("ok:") { return (String(said.dropFirst(3)), false) }
        if said.hasPrefix("failed:") { return (String(said.dropFirst(7)), true) }
        return nil
    }

    @Sendable private func alarms(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let device = try await self.charted(context)
        let parameters = QueryPairs.parameters(of: request)
        let trends = try trendsKept(of: device)
        let events = try await answer(device.path) { try await trends.alarms(from: parameters["from"], to: parameters["to"], timeZone: readerTimeZone(request)) }
        let active = await device.polled?.monitor.snapshot.alarms ?? []
        var response = Response.json(JSONValue.members([("active", .array(active.map(Self.json))), ("events", .array(events.map(Self.json)))])
            .serialized(pretty: false))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable private func writes(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let device = try await self.charted(context)
        var reader = ParameterReader { QueryPairs.parameters(of: request)[$0] }
        let limit = reader.count("limit", 1...1000) ?? 100
        if !reader.errors.isEmpty { throw FieldErrors(reader.errors) }
        let writes = try await answer(device.path) { try await device.audit?.writes(device: device.name, limit: limit) ?? [] }
        var response = Response.json(JSONValue.members([("writes", .array(writes.map(ModbusVariablePage.json)))]).serialized(pretty: false))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// A write by the API, with the admin token as a bearer token: the variable's own write, by
    /// the same rules as its page's (only what the map marks writable; the value in its format,
    /// the old value before and the new one read back, kept in the audit log). 201 with the
    /// write when the device took it, 502 with it when the device refused or did not answer.
    @Sendable private func apiWrite(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        guard gate.token != nil else { throw WebError(.forbidden, message: "This server takes no writes: start it with --modbus-admin-token.") }
        try gate.requireBearer(request, context, needs: "A write needs the admin token")
        let device = try await charted(context)
        guard let polled = device.polled, let writer = polled.writer else {
            throw WebError(.conflict, message: "\(device.name) is polled by another server; write to it there.")
        }
        let body = try await RequestBody.decode(ModbusWriteBody.self, from: request, limit: 4096)
        guard let variable = polled.monitor.map.variable(named: body.register) else {
            throw WebError(.notFound, message: "\(device.name) has no variable at register \(body.register).")
        }
        guard VariableWriter.canWrite(variable) else {
            throw WebError(.forbidden, message: "\(variable.name) (\(variable.registerLabel)) is not writable: its map does not mark it \"writable\": true.")
        }
        let record: WriteRecord
        do { record = try await writer.write([body.value], to: variable, by: .web(client: context.clientAddress)) } catch let error as RegisterValueError {
            throw FieldErrors([FieldError(field: "value", message: error.description)])
        }
        var response = Response.json(ModbusVariablePage.json(record).serialized(pretty: false), status: record.succeeded ? .created : .badGateway)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable private func movedChart(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let query = request.uri.query.map { "?\($0)" } ?? ""
        return Response(status: .permanentRedirect, headers: [.location: "\(first.path)/variables/\(try context.parameters.require("register"))\(query)"])
    }

    /// A variable's page: its chart and figures, the form that writes it (when the server takes
    /// writes and the variable can be written), what the last write did, and its recent writes.
    private func variablePage(_ request: Request, _ context: WebRequestContext, templates: Templates, status: HTTPResponse.Status = .ok,
                              form: ModbusWriteForm? = nil, problem: (field: String, message: String)? = nil) async throws -> Response {
        let device = try await charted(context)
        let trends = try trendsKept(of: device)
        let register = try context.parameters.require("register")
        let session = PageSession(request, formKey: formKey, cookiePath: "/modbus")
        let chart = try await answer(device.path) {
            try await trends.chart(register: register, range: QueryPairs.parameters(of: request)["range"], timeZone: readerTimeZone(request))
        }
        let index = await device.polled?.monitor.snapshot.rows.firstIndex { $0.register == chart.variable.register }
        let variable = device.polled?.monitor.map.variables.first { $0.registerLabel == chart.variable.register }
        let writable = gate.token != nil && device.polled?.writer != nil && variable.map(VariableWriter.canWrite) == true
        let writes = try await answer(device.path) {
            try await device.audit?.writes(device: device.name, limit: 200).filter { $0.register == chart.variable.register }.prefix(10) ?? []
        }
        let page = try ModbusVariablePage(chart, device: device.name, path: device.path, apiPath: device.apiPath, rowIndex: index, templates: templates,
                                          write: ModbusVariablePage.Write(offered: writable, takesWrites: gate.token != nil, polledHere: device.polled != nil,
                                                                          csrf: writable ? session.token : "",
                                                                          value: form?.value ?? "", problem: problem, outcome: written(request),
                                                                          writes: Array(writes), timeZone: readerTimeZone(request)))
        var response = try templates.html(page, as: .modbusVariable)
        response.status = status
        return session.page(response)
    }

    /// An alarm as the API gives it.
    static func json(_ alarm: AlarmEvent) -> JSONValue {
        .members([
            ("time", .date(alarm.time)), ("register", .string(alarm.register)), ("variable", .string(alarm.variable)),
            ("unit", .string(alarm.unit)), ("kind", .string(alarm.kind.rawValue)), ("change", .string(alarm.change.rawValue)),
            ("value", .number(alarm.value)), ("threshold", .number(alarm.threshold)), ("text", .string(alarm.description)),
        ])
    }

    /// The device of the plant the path names, or 404 listing the plant's.
    private func device(_ context: WebRequestContext) throws -> Device {
        let name = try context.parameters.require("device")
        guard let device = devices.first(where: { $0.name == name }) else { throw noSuchDevice(name) }
        return device
    }

    private func noSuchDevice(_ name: String) -> WebError {
        WebError(.notFound, title: "No such device", message: "The plant has no device \"\(name)\"; it has \(devices.map(\.name).joined(separator: ", ")).",
                 suggestions: [WebError.Link(label: "The plant", href: "/modbus")])
    }

    /// The device the path names, polled here or recorded by another server into the shared
    /// history; 404 listing both.
    private func charted(_ context: WebRequestContext) async throws -> Charted {
        let name = try context.parameters.require("device")
        if let device = devices.first(where: { $0.name == name }) {
            return Charted(name: name, trends: device.trends, audit: device.audit, polled: device)
        }
        if let recorded, let trends = try await answer("/modbus", { try await recorded.trends(of: name) }) {
            return Charted(name: name, trends: trends, audit: recorded.audit, polled: nil)
        }
        throw noSuchDevice(name)
    }

    /// A device that another server polls asks for its live values.
    private func recordedElsewhere(_ name: String) -> WebError {
        WebError(.notFound, title: "Polled elsewhere", message: "\(name) is polled by another server that shares this history; its live values are there, its history here.",
                 suggestions: [WebError.Link(label: "Its history", href: "/modbus/devices/\(name)")])
    }

    private func trendsKept(of device: Charted) throws -> VariableTrendViewModel {
        guard let trends = device.trends else {
            throw WebError(.notFound, title: "No history", message: "This server keeps no history of \(device.name)'s values.")
        }
        return trends
    }

    /// `from`, `to` and `step` as `VariableTrendViewModel.series` reads them; JSON, or CSV.
    private func history(_ device: Charted, _ request: Request, register: String, csv: Bool) async throws -> Response {
        let trends = try trendsKept(of: device)
        let parameters = QueryPairs.parameters(of: request)
        let series = try await answer(device.path) {
            try await trends.series(register: register, from: parameters["from"], to: parameters["to"], step: parameters["step"], timeZone: readerTimeZone(request))
        }
        var response: Response
        if csv {
            let name = "modbus-\(device.name)-\(series.variable.register).csv"
            response = Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\""],
                                body: .init(byteBuffer: ByteBuffer(string: series.csv)))
        } else {
            response = Response.json(series.json.serialized(pretty: false))
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The sheet's sparklines, the last hour of each variable, by register; none without history.
    private func sparklines(of device: Device, _ snapshot: ModbusSnapshot, timeZone: TimeZone, templates: Templates) async throws -> [String: HTMLFragment] {
        guard let trends = device.trends, let cache = sparklineCaches[device.name] else { return [:] }
        return try await cache.sparklines(timeZone: timeZone) {
            var sparklines: [String: HTMLFragment] = [:]
            for row in snapshot.rows {
                guard let chart = try? await trends.chart(register: row.register, range: TrendRange.hour.rawValue, timeZone: timeZone, compact: true) else { continue }
                let title = "\(row.variableName) over the last hour"
                sparklines[row.register] = try templates.fragment(ModbusChartSVG(chart.chart, title: title, unit: row.unit), as: .modbusSparkline)
            }
            return sparklines
        }
    }

    /// A trend's own errors as the web says them: a bad parameter is 400 naming it, an unknown
    /// variable 404, a history that cannot be read 503.
    private func answer<T>(_ devicePath: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as TrendQueryError {
            switch error.kind {
            case .unknownVariable:
                throw WebError(.notFound, title: "No such variable", message: "The register map has \(error.message.replacingOccurrences(of: "; the map has", with: ". It has")).",
                               apiMessage: error.message, suggestions: [WebError.Link(label: "All variables", href: devicePath)])
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
    private func events(of device: Device, client: String) async throws -> Response {
        guard case .success = slots.take(for: client) else {
            throw streamRefusal("This client already follows the device in \(limits.maximumStreamsPerClient) pages")
        }
        guard let updates = await device.monitor.updates() else {
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
