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
        web = WebMetrics(factory: factory, exposition: { Self.helped(registry.emitToBuffer()) })
    }

    /// What each metric counts, for its `# HELP` line (swift-metrics' facade carries no help).
    static let help: [String: String] = [
        "listor_http_requests_total": "Requests answered, by method, route and status.",
        "listor_http_request_duration_seconds": "Time to answer a request, by method and route.",
        "listor_http_connections_open": "HTTP connections open now.",
        "listor_event_streams_open": "Server-Sent Event streams open now.",
        "listor_rendered_pages_total": "Pages rendered from their templates, by template.",
        "listor_image_requests_total": "Pictures asked for, by size and whether the cache had them.",
        "listor_image_fetches_total": "Pictures fetched from their origin.",
        "listor_image_fetch_failures_total": "Pictures that could not be fetched from their origin.",
        "listor_db_connections_in_use": "Database connections reading or writing now, by database and access.",
        "listor_db_connections_maximum": "The most database connections a database may use, by access.",
        "listor_modbus_polls_total": "Polls of a Modbus device.",
        "listor_modbus_poll_failures_total": "Polls of a Modbus device in which a read failed.",
        "listor_modbus_poll_duration_seconds": "Time to poll a Modbus device.",
        "listor_modbus_up": "1 while a Modbus device answers, 0 while it does not.",
        "listor_modbus_value": "A Modbus variable's last value (NaN while it cannot be read).",
        "listor_modbus_alarm": "1 while an alarm of a Modbus variable is raised, 0 otherwise.",
    ]

    /// The exposition with a `# HELP` line before each metric's `# TYPE` line.
    static func helped(_ exposition: [UInt8]) -> [UInt8] {
        let lines = String(decoding: exposition, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var text = ""
        text.reserveCapacity(exposition.count + 2048)
        for line in lines {
            if line.hasPrefix("# TYPE "), let name = line.dropFirst(7).split(separator: " ").first, let help = help[String(name)] {
                text += "# HELP \(name) \(help)\n"
            }
            text += line
            text += "\n"
        }
        return Array(text.dropLast().utf8)
    }
}
