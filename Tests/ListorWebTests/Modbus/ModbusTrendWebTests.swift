import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ListorKit
import ListorTestSupport
import Modbus
import ModbusSQL
import Testing

/// A variable's chart page, the sheet's sparklines and the history API, on a history with known
/// values in a real SQLite file.
@Suite struct ModbusTrendWebTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_320)  // 2026-11-18 11:12:00 UTC

    /// Flow every second for the last five minutes at 1 + second/100, with failed reads from
    /// 100 to 119 seconds ago; nothing for the temperature.
    func withHistory(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        try await store.describe(try RegisterMap.tuf2000m().variables)
        for ago in (1...300).reversed() {
            try await store.record([TrendSample(variable: "1-2", time: Self.now.addingTimeInterval(-Double(ago)), value: (100..<120).contains(ago) ? nil : 1 + Double(300 - ago) / 100)])
        }
        let meter = try await SimulatedMeter()
        await meter.monitor.refresh()
        let trends = VariableTrendViewModel(store: store, pollInterval: .seconds(1), now: { Self.now })
        try await Application(router: try await makeRouter(meter: meter, trends: trends)).test(.router, test)
        _ = directory
    }

    @Test func theChartPageDrawsTheRangeWithGapsUnitsAndFigures() async throws {
        try await withHistory { client in
            let response = try await client.execute(uri: "/modbus/devices/meter/variables/1?range=5m", method: .get, headers: [.cookie: "listor_tz=Europe/Paris"])
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<h1 id="variable-heading">Flow Rate</h1>"#))
            #expect(html.contains("Registers 1-2 · m3/h · the last 5 minutes"))
            #expect(html.contains(#"<a href="/modbus/devices/meter/variables/1?range=5m" aria-current="page">5 minutes</a>"#))
            #expect(html.contains(#"<a href="/modbus/devices/meter/variables/1?range=1w">1 week</a>"#))
            #expect(html.contains(#"<title id="chart-title-wide">Flow Rate over the last 5 minutes, in m3/h</title>"#))
            #expect(html.matches(of: /<polyline class="line" points="[^"]+"\/>/).count == 4, "the line breaks at the failed reads, in both charts")
            #expect(html.matches(of: /<rect class="gap"/).count == 2)
            #expect(html.contains(#">12:08</text>"#), "time in the reader's zone")
            #expect(html.contains(#"<text class="unit""#) && html.contains(">m3/h</text>"))
            // The unit sits inside the chart, above the plot, not above the chart's top edge.
            let unitY = try #require(html.firstMatch(of: #/<text class="unit" x="4" y="([0-9.-]+)">/#).flatMap { Double($0.output.1) })
            let plotY = try #require(html.firstMatch(of: #/data-plot="[0-9.]+ ([0-9.]+) /#).flatMap { Double($0.output.1) })
            #expect(unitY >= 10 && unitY < plotY, "the unit's baseline at \(unitY), the plot from \(plotY)")
            // The mean as the variable's numbers are written (a float without decimals: the
            // shortest of the float nearest it), not twelve significant digits.
            let mean = html.firstMatch(of: #/<dd id="figure-mean">([^<]*)</dd>/#).map { String($0.output.1) } ?? ""
            #expect(mean.wholeMatch(of: #/\d+\.\d{1,7} m3\/h/#) != nil, "\(mean)")
            #expect(html.contains(#"<dd id="figure-last">3.99 m3/h</dd>"#))
            // On a phone's chart the last time label ends at its tick, inside the chart, not centred past its edge.
            let narrow = try #require(html.firstMatch(of: #/<svg[^>]*class="chart narrow"[\s\S]*?</svg>/#)?.output)
            let labels = narrow.matches(of: #/<text class="tick time( \w+)?"/#).map { String($0.output.1 ?? "").trimmingCharacters(in: .whitespaces) }
            #expect(labels.last == "end" && labels.dropFirst().dropLast().allSatisfy(\.isEmpty), "\(labels)")
            #expect(html.contains(#"<dd id="figure-minimum">1 m3/h</dd>"#))
            #expect(html.contains(#"<dd id="figure-maximum">3.99 m3/h</dd>"#))
            #expect(html.contains(#"data-row="0""#), "the live chart follows the sheet's first row")
            #expect(html.contains(#"<a href="/api/modbus/devices/meter/variables/1/history.csv?from=5m">CSV</a>"#))

            let empty = try await client.execute(uri: "/modbus/devices/meter/variables/33?range=1d", method: .get).text
            #expect(empty.contains("No values in the last day: nothing was read from the device in that time."))
            #expect(empty.contains(#"<dd id="figure-last">— °C</dd>"#) || empty.contains(#"<dd id="figure-last">—</dd>"#))

            let unknown = try await client.execute(uri: "/modbus/devices/meter/variables/500", method: .get)
            #expect(unknown.status == .notFound)
            let badRange = try await client.execute(uri: "/modbus/devices/meter/variables/1?range=2y", method: .get)
            #expect(badRange.status == .badRequest)
            #expect(badRange.text.contains("range: &quot;2y&quot; is not one of 5m, 1h, 1d, 1w"))
        }
    }

    @Test func theSheetHasASparklinePerRowAndLinksEachToItsChart() async throws {
        try await withHistory { client in
            let html = try await client.execute(uri: "/modbus/devices/meter", method: .get).text
            #expect(html.contains(#"<th scope="col" class="col-trend">Last hour</th>"#))
            #expect(html.contains(#"<svg class="sparkline" viewBox="0 0 120 24" role="img" aria-label="Flow Rate over the last hour">"#))
            #expect(html.contains(#"<a href="/modbus/devices/meter/variables/33">33-34</a>"#))
        }
    }

    @Test func theHistoryAPIAnswersJSONAndCSV() async throws {
        try await withHistory { client in
            let json = try await client.execute(uri: "/api/modbus/variables/1-2/history?from=2026-11-18T11:11:00Z&to=now&step=30", method: .get)
            #expect(json.status == .ok)
            #expect(json.headers[.contentType] == "application/json; charset=utf-8")
            #expect(json.text == #"{"register":"1-2","name":"Flow Rate","unit":"m3/h","from":"2026-11-18T11:11:00.000Z","to":"2026-11-18T11:12:00.000Z","step":30,"points":[{"time":"2026-11-18T11:11:00.000Z","min":3.4,"max":3.69,"mean":3.545,"last":3.69,"count":30},{"time":"2026-11-18T11:11:30.000Z","min":3.7,"max":3.99,"mean":3.845,"last":3.99,"count":30}]}"#)

            let csv = try await client.execute(uri: "/api/modbus/variables/1/history?from=2m&to=118s", method: .get, headers: [.accept: "text/csv"])
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.text == "time,value\r\n2026-11-18T11:10:00.000Z,2.8\r\n2026-11-18T11:10:01.000Z,\r\n")
            let file = try await client.execute(uri: "/api/modbus/variables/1/history.csv?from=2m&to=118s", method: .get)
            #expect(file.text == csv.text)
            #expect(file.headers[.contentDisposition] == #"attachment; filename="modbus-meter-1-2.csv""#)

            let empty = try await client.execute(uri: "/api/modbus/variables/33/history?from=1h", method: .get)
            #expect(empty.text.hasSuffix(#""step":null,"points":[]}"#))
            let bad = try await client.execute(uri: "/api/modbus/variables/1/history?step=fast", method: .get)
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains(#""field":"step""#))
            for query in ["from=99999999999w", "to=99999999999w", "from=15250284w", "step=99999999999999w"] {
                let huge = try await client.execute(uri: "/api/modbus/variables/1/history?\(query)", method: .get)
                #expect(huge.status == .badRequest, "\(query): \(huge.text)")
            }
            let unknown = try await client.execute(uri: "/api/modbus/variables/500/history", method: .get)
            #expect(unknown.status == .notFound)
            #expect(unknown.text == #"{"error":"no variable at register 500; the map has 1-2, 3-4, 5-6, 7-8, 9-10, 11-12, …"}"#)
        }
    }
}

/// A history that cannot be written is shown on the sheet, and polling goes on.
@Suite struct ModbusHistoryProblemWebTests {
    @Test func theSheetSaysWhileTheHistoryCannotBeWritten() async throws {
        let map = try RegisterMap.tuf2000m()
        let store = FailingTrendStore()
        let recorder = TrendRecorder(store: store, map: map, now: { Date(timeIntervalSince1970: 1_795_000_320) })
        let meter = try await SimulatedMeter(recorder: recorder)
        let snapshot = await meter.monitor.refresh()
        await recorder.write(snapshot)
        try await Application(router: try await makeRouter(meter: meter)).test(.router) { client in
            let html = try await client.execute(uri: "/modbus/devices/meter", method: .get).text
            #expect(html.contains(#"<p class="form-errors" id="history-problem" role="alert">The history has not been written since 2026-11-18 11:12:00: cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full. Polling goes on.</p>"#))
            #expect(html.contains(#"<span id="connection-text">Connected</span>"#))
        }
    }
}

/// A store whose every write fails as a full disk does.
final class FailingTrendStore: TrendStore {
    func describe(_ variables: [RegisterVariable]) async throws {}
    func recordConnection(downSince: Date?, reason: String?) async throws {
        throw TrendStoreError("cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full")
    }
    func record(_ samples: [TrendSample]) async throws {
        throw TrendStoreError("cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full")
    }
    func points(variable: String, from: Date, to: Date, step: Int?) async throws -> [TrendPoint] {
        Issue.record("FailingTrendStore: points(variable:) is not set up")
        return []
    }
    func thin(now: Date) async throws {}
    func variables() async throws -> [TrendVariable] {
        Issue.record("FailingTrendStore: variables() is not set up")
        return []
    }
    func record(alarms: [AlarmEvent], mail: [OutgoingMail]) async throws {
        throw TrendStoreError("cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full")
    }
    func alarms(from: Date, to: Date, limit: Int) async throws -> [AlarmEvent] {
        Issue.record("FailingTrendStore: alarms(from:to:limit:) is not set up")
        return []
    }
    func lastSample() async throws -> Date? {
        Issue.record("FailingTrendStore: lastSample() is not set up")
        return nil
    }
}
