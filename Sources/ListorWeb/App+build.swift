import Foundation
import Hummingbird
import ListorKit
import Logging
import ServiceLifecycle

/// The web front end's composition: middleware, static files, the home page and every module's routes.
///
/// Modules arrive built, with their services, from the composition root; nothing here creates
/// services. `services` (pollers and the like) run beside the server and stop after it.
public func buildApplication(
    configuration: WebConfiguration,
    modules: [any WebModule],
    services: [any Service] = [],
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let router = try await buildRouter(configuration: configuration, modules: modules, logger: logger)
    let limits = configuration.limits
    let connections = ClientShares(share: limits.maximumConnectionsPerClient, meter: configuration.metrics.openConnections)
    return Application(
        router: router,
        server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, count: connections)])),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// A server that answers only `GET /metrics` (and `/health`), for `--metrics-port`: metrics
/// for a scraper on a port the public never reaches.
public func buildMetricsApplication(host: String, port: Int, metrics: WebMetrics, logger: Logger,
                                    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
    let router = Router(context: WebRequestContext.self)
    let exposition = metrics.exposition
    router.get("/metrics") { _, _ in MetricsRoute.response(exposition?() ?? []) }
    router.get("/health") { _, _ in "ok\n" }
    return Application(router: router, configuration: .init(address: .hostname(host, port: port), serverName: nil),
                       onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) }, logger: logger)
}

/// The router alone, for tests that send requests straight to it.
public func buildRouter(
    configuration: WebConfiguration,
    modules: [any WebModule],
    logger: Logger = Logger(label: "listor")
) async throws -> Router<WebRequestContext> {
    let staticFiles = StaticFiles.bundled()
    let templates = try await Templates.load(staticFiles: staticFiles)
    let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
    let methods = MethodNotAllowedMiddleware()
    router.add(middleware: RequestMetricsMiddleware(metrics: configuration.metrics))
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ConditionalGetMiddleware())
    router.add(middleware: CompressionMiddleware())
    router.add(middleware: SecurityHeadersMiddleware())
    // The site's own APIs live under /api; modules mount theirs where they say.
    router.add(middleware: ErrorMiddleware(templates: templates, apiPaths: ["/api"] + modules.flatMap(\.apiPaths)))
    // Before anything else reads the request: a name this server answers to, a path without
    // control characters, and no change sent from another site's page.
    router.add(middleware: HostCheckMiddleware(publicHosts: configuration.publicHosts))
    router.add(middleware: PathCheckMiddleware())
    router.add(middleware: SameOriginMiddleware())
    router.add(middleware: methods)
    router.add(middleware: BodyLimitMiddleware(limit: ([configuration.maximumRequestBodySize] + modules.compactMap(\.maximumBodySize)).max() ?? 0))
    router.add(middleware: StaticCacheMiddleware(files: staticFiles))
    router.add(middleware: StaticRangeMiddleware(files: staticFiles))
    router.add(middleware: FileMiddleware(fileProvider: staticFiles, urlBasePath: "/static"))

    let tiles = modules.compactMap(\.tile)
    let table = RouteTable(router: router)
    table.get("/") { _, _ in
        try templates.html(HomePage(tiles: tiles), as: .home)
    }
    // Asked for by browsers and feed readers whatever a page says: the site's icon.
    if let icon = staticFiles.address(of: "favicon.svg") {
        table.get("/favicon.ico") { _, _ in
            Response(status: .movedPermanently, headers: [.location: icon, .cacheControl: "public, max-age=86400"])
        }
    }
    // A plain-text route: a health check for load balancers, and the baseline of the web benchmark.
    table.get("/health") { _, _ in "ok\n" }
    // Ready to take traffic: every module's stores answer and its background work runs.
    table.get("/ready") { _, _ in
        var problems: [String] = []
        for module in modules { if let problem = await module.readinessProblem() { problems.append(problem) } }
        let text = problems.isEmpty ? "ready\n" : "not ready:\n" + problems.map { "- \($0)\n" }.joined()
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        if !problems.isEmpty { headers[.retryAfter] = WebError.databaseRetry }
        return Response(status: problems.isEmpty ? .ok : .serviceUnavailable, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
    if configuration.metricsAccess != .none, let exposition = configuration.metrics.exposition {
        let access = configuration.metricsAccess
        let guesses = TokenGuesses()
        table.get("/metrics") { request, context in
            if case .token(let token) = access {
                try MetricsRoute.authorize(request, token: token, guesses: guesses, client: context.clientAddress)
            }
            return MetricsRoute.response(exposition())
        }
    }
    for module in modules {
        try module.addRoutes(to: table, templates: templates)
    }
    try addAPIDocuments(of: modules, to: table)
    methods.use(table)
    return router
}

/// Each module's OpenAPI document under its API path, and every one of them at `/openapi.json`;
/// throws, so that the server does not start, when a document and the routes disagree.
private func addAPIDocuments(of modules: [any WebModule], to table: RouteTable) throws {
    func response(_ document: JSONValue) -> @Sendable (Request, WebRequestContext) -> Response {
        let bytes = Array(document.serialized(pretty: false).utf8)
        let headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache", .eTag: ContentTag.of(bytes)]
        return { _, _ in Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes))) }
    }
    var documents: [APIDocument] = []
    for module in modules {
        guard let source = module.openAPIDocument, let path = module.apiPaths.first else { continue }
        let document = try APIDocument(name: source.name, server: source.server)
        table.get(RouterPath(path + "/openapi.json"), use: response(document.value))
        documents.append(document)
    }
    guard !documents.isEmpty else { return }
    table.get("/openapi.json", use: response(APIDocument.merged(documents)))
    try APIDocument.check(documents, against: table.routes, apiPaths: modules.flatMap(\.apiPaths))
}
