import Foundation
import Hummingbird
import Logging

/// One line per request at info level: method, path, status, duration; the route, status and
/// duration also as metadata, for a log system (`--log-format json`). A path's secrets (an
/// order's key, which opens the order) are logged as their names: a log reader opens nothing.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The path parameters that are secrets.
    static var secretParameters: [String] { ["key"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context: context, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, context: context, status: status, since: start)
            throw error
        }
    }

    private func log(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let logger = context.logger
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let rounded = (milliseconds * 10).rounded() / 10
        var path = request.uri.path
        for name in Self.secretParameters {
            if let secret = context.parameters.get(name), !secret.isEmpty { path = path.replacingOccurrences(of: secret, with: "{\(name)}") }
        }
        logger.info("\(request.method) \(path) \(status) \(rounded) ms",
                    metadata: ["route": .string(context.endpointPath ?? "unmatched"), "status": .stringConvertible(status), "duration_ms": .stringConvertible(rounded)])
    }
}
