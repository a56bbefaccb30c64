import CoreMetrics
import ListorCommandKit
import ListorWeb
import Prometheus

/// `listor serve`'s metrics: one Prometheus registry that every part counts into through
/// swift-metrics (requests, connections and streams, Modbus polls, the image pipelines, the
/// library's database), and what `GET /metrics` answers from it. Nothing is bootstrapped
/// globally: each part receives the factory through its initializer.
struct ServeMetrics: Sendable {
    let factory: PrometheusMetricsFactory
    let web: WebMetrics

    init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // From a millisecond, for pages served from memory, to ten seconds, for a slow device.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        web = WebMetrics(factory: factory, exposition: { registry.emitToBuffer() })
    }
}
