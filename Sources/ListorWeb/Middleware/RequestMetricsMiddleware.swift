import Hummingbird

/// Counts each request and times it, by the route it matched (`WebMetrics`). The time runs
/// until the body is written, so that a streamed answer counts whole; a request that matched
/// no route counts as "unmatched".
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: WebMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        do {
            var response = try await next(request, context)
            let status = Int(response.status.code)
            let metrics = self.metrics
            let route = context.endpointPath ?? "unmatched"
            let body = response.body
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                defer { metrics.record(route: route, method: method, status: status, duration: start.duration(to: .now)) }
                try await body.write(writer)
            }
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.record(route: context.endpointPath ?? "unmatched", method: method, status: Int(status), duration: start.duration(to: .now))
            throw error
        }
    }
}
