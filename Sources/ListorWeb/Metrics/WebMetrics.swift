import CoreMetrics
import ListorKit
import Synchronization

/// What the web server counts, through swift-metrics into whatever backend the composition
/// root chose (Prometheus for `listor serve`, nothing by default):
///
/// - `listor_http_requests_total{route, method, status}`: requests by route pattern (`/library/books/{id}`),
///   not by path, so that the series stay few;
/// - `listor_http_request_duration_seconds{route, method}`: their server time, a histogram;
/// - `listor_http_connections_open` and `listor_event_streams_open{app}`.
///
/// `exposition`, when set, is what `GET /metrics` answers: the backend's text format.
public final class WebMetrics: Sendable {
    private struct RouteKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private struct RouteMeters {
        let requests: Counter
        let duration: CoreMetrics.Timer
    }

    let factory: any MetricsFactory
    let openConnections: Meter
    let exposition: (@Sendable () -> [UInt8])?
    private let routes = Mutex<[RouteKey: RouteMeters]>([:])

    public init(factory: any MetricsFactory = NOOPMetricsHandler.instance, exposition: (@Sendable () -> [UInt8])? = nil) {
        self.factory = factory
        self.exposition = exposition
        openConnections = Meter(label: "listor_http_connections_open", factory: factory)
    }

    /// The meter of one app's open event streams.
    func eventStreams(of app: String) -> Meter {
        Meter(label: "listor_event_streams_open", dimensions: [("app", app)], factory: factory)
    }

    /// Counts one request answered by `route` (its pattern) with `status`, and its time.
    public func record(route: String, method: String, status: Int, duration: Duration) {
        let key = RouteKey(route: route, method: method, status: status)
        let meters = routes.withLock { routes in
            if let meters = routes[key] { return meters }
            let meters = RouteMeters(
                requests: Counter(label: "listor_http_requests_total", dimensions: [("route", route), ("method", method), ("status", String(status))],
                                  factory: factory),
                duration: CoreMetrics.Timer(label: "listor_http_request_duration_seconds", dimensions: [("route", route), ("method", method)],
                                            factory: factory))
            routes[key] = meters
            return meters
        }
        meters.requests.increment()
        meters.duration.record(duration)
    }
}
