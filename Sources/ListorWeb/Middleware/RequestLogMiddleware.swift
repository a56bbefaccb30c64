import Hummingbird
import Logging

/// One line per request at info level: method, path, status, duration; the route, status and
/// duration also as metadata, for a log system (`--log-format json`).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, route: context.endpointPath, status: response.status.code, since: start, logger: context.logger)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, route: context.endpointPath, status: status, since: start, logger: context.logger)
            throw error
        }
    }

    private func log(_ request: Request, route: String?, status: Int, since start: ContinuousClock.Instant, logger: Logger) {
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let rounded = (milliseconds * 10).rounded() / 10
        logger.info("\(request.method) \(request.uri.path) \(status) \(rounded) ms",
                    metadata: ["route": .string(route ?? "unmatched"), "status": .stringConvertible(status), "duration_ms": .stringConvertible(rounded)])
    }
}
