import Foundation
import Hummingbird
import ListorTestSupport
import ListorWeb
import Logging
import ServiceLifecycle

/// Runs the web front end for real on a free loopback port, as `listor serve` does (the same
/// `buildApplication`, the connection limits included), until `body` is done.
func withLiveWebServer(configuration: WebConfiguration = WebConfiguration(port: 0), modules: [any WebModule],
                       _ body: @escaping @Sendable (_ port: Int) async throws -> Void) async throws {
    let (ports, announce) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: "listor.tests.live")
    logger.logLevel = .critical
    let app = try await buildApplication(configuration: configuration, modules: modules, logger: logger, onServerRunning: { announce.yield($0) })
    let server = Task { try await app.runService(gracefulShutdownSignals: []) }
    var port: Int?
    for await running in ports {
        port = running
        break
    }
    let outcome: Result<Void, any Error>
    do {
        guard let port else { throw RawHTTPConnection.Failure(description: "the server did not start") }
        try await body(port)
        outcome = .success(())
    } catch {
        outcome = .failure(error)
    }
    server.cancel()
    _ = await server.result
    try outcome.get()
}
