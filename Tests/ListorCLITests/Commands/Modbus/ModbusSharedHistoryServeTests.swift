import Foundation
import ListorKit
import ListorTestSupport
import Testing

/// `serve --modbus-history-db`: two servers, each polling its own device on a pymodbus server,
/// write one history in PostgreSQL; each charts the other's device, and `listor modbus history`
/// reads it.
@Suite(.serialized) struct ModbusSharedHistoryServeTests {
    @Test func twoServersWriteOneHistoryAndEachChartsTheOthersDevice() async throws {
        guard await !PymodbusServer.isMissing(), let url = PostgresTestServer.url() else { return }
        let server = try await PymodbusServer.start(units: [1, 2])
        let directory = try TemporaryDirectory()
        _ = try directory.write("inputs.json", Array(#"{"device": "Input bank", "registers": [{"name": "First input", "table": "input", "start": 1, "format": "UINT16"}]}"#.utf8))
        func plant(_ name: String, unit: Int) throws -> String {
            try directory.write("\(name).json", Array("""
                {"devices": [{"name": "\(name)", "device": "127.0.0.1:\(server.port)", "unit": \(unit), "map": "inputs.json", "interval": 0.2}]}
                """.utf8))
        }
        let (east, west) = (try plant("east", unit: 1), try plant("west", unit: 2))
        let outcome = await Result {
            try await PostgresTestServer.withEmptyDatabaseURL(url) { database in
                try await withServe(["--modbus-plant", east, "--modbus-history-db", database]) { eastBase, _ in
                    try await withServe(["--modbus-plant", west, "--modbus-history-db", database]) { westBase, _ in
                        let (eastPort, westPort) = (try #require(eastBase.port), try #require(westBase.port))
                        // Each server charts the other's device once the other has recorded a poll of it.
                        // pymodbus's first input is 100 on unit 1 and 200 on unit 2.
                        for (port, other, otherPort, value) in [(eastPort, "west", westPort, 200), (westPort, "east", eastPort, 100)] {
                            let csv = try await Self.history(of: other, polledAt: otherPort, chartedAt: port)
                            #expect(csv.contains(",\(value)\r\n"), "\(other)'s first input, as the other server charts it: \(csv)")
                            let plantPage = try await RawHTTPConnection.request(port: port, "GET", "/modbus")
                            #expect(plantPage.body.contains(#"<h2 id="recorded-heading">Recorded by other servers</h2>"#))
                            #expect(plantPage.body.contains(#"<li><a href="/modbus/devices/\#(other)">\#(other)</a></li>"#))
                            let device = try await RawHTTPConnection.request(port: port, "GET", "/modbus/devices/\(other)")
                            #expect(device.status == 200)
                            #expect(device.body.contains(#"<a href="/modbus/devices/\#(other)/variables/1">First input</a>"#))
                            // Which server polls it, where, whether it answers, when it last recorded a sample, and its alarms.
                            #expect(device.body.contains("Answering: polled every 0.2 s."), "\(device.body)")
                            #expect(device.body.contains("Polled by listor serve on ") && device.body.contains(" at 127.0.0.1:\(server.port), unit \(other == "east" ? 1 : 2).")
                                    && device.body.contains("Last sample recorded ") && device.body.contains("No alarm is raised."), "\(device.body)")
                            let chart = try await RawHTTPConnection.request(port: port, "GET", "/modbus/devices/\(other)/variables/1")
                            #expect(chart.status == 200 && chart.body.contains(#"id="polled-elsewhere""#) && !chart.body.contains("<form class=\"write-form\""))
                            let feed = try await RawHTTPConnection.request(port: port, "GET", "/api/modbus/devices/\(other)")
                            #expect(feed.status == 404 && feed.body.contains("polled by another server"))
                        }
                        // A third server naming another device "east" is refused at start, told who records it.
                        let impostor = try directory.write("impostor.json", Array("""
                            {"devices": [{"name": "east", "device": "127.0.0.1:\(server.port)", "unit": 2, "map": "tuf-2000m", "interval": 0.2}]}
                            """.utf8))
                        let refused = await listor("serve", "--port", "0", "--modbus-plant", impostor, "--modbus-history-db", database,
                                                   "--data-dir", directory.path("third"))
                        #expect(refused.exitCode != 0, "\(refused.output)")
                        #expect(refused.errorOutput.contains(#"device "east" is recorded in the shared history by listor serve on "#)
                                && refused.errorOutput.contains("which polls 127.0.0.1:\(server.port), unit 1 with another map"), "\(refused.errorOutput)")
                        let kept = try await RawHTTPConnection.request(port: westPort, "GET", "/modbus/devices/east/variables/1")
                        #expect(kept.body.contains("First input"), "east's chart keeps its own variable")
                        let missing = try await RawHTTPConnection.request(port: eastPort, "GET", "/modbus/devices/boiler")
                        #expect(missing.status == 404 && missing.body.contains("The plant has no device"))
                        // The command line reads the same history.
                        let history = await listor("modbus", "history", "1", "--device", "west", "--modbus-history-db", database, "--format", "csv",
                                                   "--data-dir", directory.url.path)
                        #expect(history.exitCode == 0 && history.output.contains(",200\r\n"), "\(history.output)\(history.errorOutput)")
                        let unknown = await listor("modbus", "history", "1", "--device", "boiler", "--modbus-history-db", database, "--data-dir", directory.url.path)
                        #expect(unknown.exitCode == 64 && unknown.errorOutput.contains(#"holds no device "boiler"; it holds "east", "west""#)
                            || unknown.errorOutput.contains(#"holds no device "boiler"; it holds "west", "east""#), "\(unknown.errorOutput)")
                    }
                }
            }
        }
        await server.stop()
        try outcome.get()
    }

    @Test func aHistoryDatabaseThatCannotBeUsedStopsServeWithTheReason() async throws {
        let directory = try TemporaryDirectory()
        let refused = await listor("serve", "--port", "0", "--data-dir", directory.url.path, "--modbus-history-db", "postgres://listor:s3cret@127.0.0.1:1/plant")
        #expect(refused.exitCode == 1)
        #expect(refused.errorOutput.contains("cannot start ModbusApp: cannot open the Modbus history at postgres://listor:…@127.0.0.1:1/plant: cannot connect to 127.0.0.1:1: Connection refused"),
                "\(refused.errorOutput)")
        #expect(!refused.errorOutput.contains("s3cret"))
        let wrong = await listor("serve", "--port", "0", "--data-dir", directory.url.path, "--modbus-history-db", "mysql://db/plant")
        #expect(wrong.exitCode == 64 && wrong.errorOutput.contains("--modbus-history-db: mysql://db/plant: it is not a postgres:// URL"))
    }

    /// `device`'s history as CSV from the server at `chartedAt`, once it holds a sample: asked
    /// again after each poll that the server at `polledAt` makes of the device.
    static func history(of device: String, polledAt: Int, chartedAt: Int) async throws -> String {
        let events = try RawHTTPConnection(port: polledAt)
        defer { events.shutDown() }
        try events.send("GET /modbus/devices/\(device)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        var csv = ""
        for _ in 0..<100 {
            _ = try await events.read(through: "event: snapshot")
            csv = try await RawHTTPConnection.request(port: chartedAt, "GET", "/api/modbus/devices/\(device)/variables/1/history.csv?from=1h").body
            if csv.split(whereSeparator: \.isNewline).count > 1 { break }
        }
        return csv
    }
}
