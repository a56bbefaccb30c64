import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ListorKit
import ListorTestSupport
import ListorWeb
import Modbus
import ModbusSQL
import Synchronization
import Testing

/// Alarms from the map's thresholds on the plant, on the device's sheet, in the log, kept with
/// the history and in the API.
@Suite struct ModbusAlarmWebTests {
    @Test func anAlarmIsShownLoggedKeptAndServed() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite")).device("meter")
        let (map, problems) = try RegisterMap.decode(Array("""
            {"device": "Flow meter", "registers": [{"name": "Flow Rate", "unit": "m3/h", "start": 1, "format": "REAL4", "alarm": {"high": 10, "hysteresis": 1}}]}
            """.utf8))
        #expect(problems.isEmpty)
        let meter = try await SimulatedMeter()
        let recorder = TrendRecorder(store: store, map: map)
        let recording = Task { await recorder.run() }
        let log = LockedLines()
        let monitor = await RegisterMonitor(poller: RegisterPoller(map: map, transport: meter.link), interval: .seconds(1), recorder: recorder,
                                            report: { log.append($0) })
        meter.setFlow(4)
        await monitor.refresh()
        meter.setFlow(12.5)
        await monitor.refresh()
        let device = ModbusWebModule.Device(name: "meter", description: "Flow meter at 127.0.0.1:5020, unit 1", monitor: monitor,
                                            trends: VariableTrendViewModel(store: store, pollInterval: .seconds(1)))
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [ModbusWebModule(devices: [device], timeZone: TimeZone(identifier: "UTC")!)])
        try await Application(router: router).test(.router) { client in
            let raised = "high alarm raised on Flow Rate (1-2): 12.5 m3/h, above 10 m3/h"
            #expect(log.lines == [raised])
            let plant = String(buffer: try await client.execute(uri: "/modbus", method: .get).body)
            #expect(plant.contains(#"<span class="alarm">⚠ \#(raised)</span>"#) && plant.contains("1 device, 1 alarm"))
            let sheet = String(buffer: try await client.execute(uri: "/modbus/devices/meter", method: .get).body)
            #expect(sheet.contains(#"<ul class="alarms" id="alarms" role="alert"><li>\#(raised)</li></ul>"#))

            meter.setFlow(9.5)
            await monitor.refresh()
            #expect(log.lines.count == 1, "inside the hysteresis: still raised")
            meter.setFlow(8.5)
            await monitor.refresh()
            #expect(log.lines.last == "high alarm cleared on Flow Rate (1-2): 8.5 m3/h, back under 9 m3/h")
            recorder.finish()
            await recording.value

            let api = try await client.execute(uri: "/api/modbus/devices/meter/alarms?from=1h", method: .get)
            let json = try JSONParser.parse(Array(api.body.readableBytesView))
            #expect(json["active"] == .array([]))
            guard case .array(let events)? = json["events"] else {
                Issue.record("no events: \(String(buffer: api.body))")
                return
            }
            #expect(events.map { $0["change"] } == [.string("raised"), .string("cleared")])
            #expect(events.first?["value"] == .number(12.5) && events.first?["threshold"] == .number(10))
            let after = String(buffer: try await client.execute(uri: "/modbus", method: .get).body)
            #expect(!after.contains(#"class="alarm""#) && after.contains("1 device</p>"))
        }
        _ = directory
    }
}

/// Lines said to the log, in order.
final class LockedLines: Sendable {
    private let kept = Mutex<[String]>([])
    func append(_ line: String) { kept.withLock { $0.append(line) } }
    var lines: [String] { kept.withLock { $0 } }
}
