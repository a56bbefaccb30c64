import Foundation
import Modbus
import ModbusIO
import Prometheus
import Testing

/// The poller's metrics in Prometheus' text: polls, failed polls and their duration, with the
/// simulated meter over TCP on loopback, then with it gone.
@Suite struct PollMetricsTests {
    @Test func pollsFailuresAndTheirTimeAreCounted() async throws {
        let registry = PrometheusCollectorRegistry()
        let map = try RegisterMap.tuf2000m()
        let simulation = TUF2000MSimulation(map: map)
        let server = try await ModbusTCPServer.start(port: 0, bank: simulation.makeBank(at: Date()))
        let client = ModbusClient(.tcp(host: "127.0.0.1", port: server.port),
                                  configuration: ModbusClientConfiguration(connectTimeout: .seconds(2), responseTimeout: .seconds(2)))
        let poller = RegisterPoller(map: map, transport: client, metrics: PrometheusMetricsFactory(registry: registry))
        #expect(await poller.poll().connection == .connected)
        let read = await poller.poll()
        #expect(read.connection == .connected)
        let flow = try #require(read.rows.first?.number)
        #expect(registry.emitToString().contains(#"listor_modbus_value{device="TUF-2000M ultrasonic flow meter",register="1-2",name="Flow Rate",unit_of_measure="m3/h"} \#(flow)"#))
        #expect(registry.emitToString().contains(#"listor_modbus_up{device="TUF-2000M ultrasonic flow meter"} 1"#))
        try await server.close()
        await client.close()
        let failed = await poller.poll()
        #expect(failed.connection != .connected)

        let text = registry.emitToString()
        let device = #"device="TUF-2000M ultrasonic flow meter""#
        #expect(text.contains("listor_modbus_polls_total{\(device)} 3"))
        #expect(text.contains("listor_modbus_poll_failures_total{\(device)} 1"))
        #expect(text.contains("listor_modbus_poll_duration_seconds_count{\(device)} 3"))
        #expect(text.contains("# TYPE listor_modbus_poll_duration_seconds histogram"))
        // Each variable's value while it was read, NaN once it is stale; the device down.
        #expect(text.contains("# TYPE listor_modbus_value gauge"))
        #expect(text.contains(#"listor_modbus_value{device="TUF-2000M ultrasonic flow meter",register="1-2",name="Flow Rate",unit_of_measure="m3/h"} nan"#), "\(text)")
        #expect(text.contains("listor_modbus_up{\(device)} 0"))
    }
}
