import Foundation
import Hummingbird
import HummingbirdTesting
import ListorWeb
import Modbus
import Testing

/// `/ready`: 200 only when every module can serve (its stores answer, its poller runs), else 503
/// naming what is not ready; `/health` says only that the process answers.
@Suite struct ReadinessTests {
    @Test func notReadyUntilTheModbusPollerRunsThenReady() async throws {
        let meter = try await SimulatedMeter(interval: .seconds(60))
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [
            ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor)]),
        ])
        try await Application(router: router).test(.router) { client in
            let waiting = try await client.execute(uri: "/ready", method: .get)
            #expect(waiting.status == .serviceUnavailable)
            #expect(waiting.text == "not ready:\n- ModbusApp: the poller of Simulated TUF-2000M is not running\n")
            #expect(waiting.headers[.cacheControl] == "no-store")
            #expect(try await client.execute(uri: "/health", method: .get).text == "ok\n")

            let polling = Task { await meter.monitor.run() }
            // The poller says it runs from its first step; nothing here waits on time.
            while !(await meter.monitor.isRunning) { await Task.yield() }
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .ok)
            #expect(ready.text == "ready\n")
            polling.cancel()
            await polling.value
            #expect(try await client.execute(uri: "/ready", method: .get).status == .serviceUnavailable)
        }
    }
}
