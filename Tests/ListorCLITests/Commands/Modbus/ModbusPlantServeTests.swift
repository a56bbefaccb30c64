import Foundation
import ListorKit
import ListorTestSupport
import Testing

/// `serve --modbus-plant`: two units behind one pymodbus server, on one line, each with its page
/// and its feed; a wrong plant file refused at start with every problem named.
@Suite(.serialized) struct ModbusPlantServeTests {
    @Test func aPlantOfTwoUnitsOnOneLineIsServed() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        let server = try await PymodbusServer.start(units: [1, 2])
        let directory = try TemporaryDirectory()
        let map = try directory.write("inputs.json", Array(#"{"device": "Input bank", "registers": [{"name": "First input", "table": "input", "start": 1, "format": "UINT16", "alarm": {"high": 100}}]}"#.utf8))
        let plant = try directory.write("plant.json", Array("""
            {"devices": [
              {"name": "meter-1", "device": "127.0.0.1:\(server.port)", "unit": 1, "map": "tuf-2000m", "interval": 0.2},
              {"name": "bank-2", "device": "127.0.0.1:\(server.port)", "unit": 2, "map": "\((map as NSString).lastPathComponent)", "interval": 0.2}
            ]}
            """.utf8))
        try await withServe(["--modbus-plant", plant]) { base, _ in
            let port = try #require(base.port)
            // Each device's events, until its first good poll.
            for name in ["meter-1", "bank-2"] {
                let events = try RawHTTPConnection(port: port)
                try events.send("GET /modbus/devices/\(name)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                _ = try await events.read(through: #""state":"connected""#)
            }
            let page = try await RawHTTPConnection.request(port: port, "GET", "/modbus")
            #expect(page.status == 200)
            #expect(page.body.contains(#"<a href="/modbus/devices/meter-1">meter-1</a><span class="address">TUF-2000M ultrasonic flow meter at 127.0.0.1:\#(server.port), unit 1</span>"#))
            #expect(page.body.contains(#"<a href="/modbus/devices/bank-2">bank-2</a><span class="address">Input bank at 127.0.0.1:\#(server.port), unit 2</span>"#))
            #expect(page.body.contains(#"<span class="value">First input 200</span>"#))
            #expect(page.body.contains("2 devices"))
            let bank = try await RawHTTPConnection.request(port: port, "GET", "/api/modbus/devices/bank-2?typed=1")
            #expect(bank.status == 200 && bank.body.contains(#""real_value":"200""#))
            // The seed's feed is the first device's.
            let first = try await RawHTTPConnection.request(port: port, "GET", "/api/modbus")
            #expect(first.body.contains(#""real_value":"0.112778895""#))
            let sheet = try await RawHTTPConnection.request(port: port, "GET", "/modbus/devices/bank-2")
            #expect(sheet.status == 200 && sheet.body.contains(#"<h1 id="sheet-heading">bank-2</h1>"#))
            let missing = try await RawHTTPConnection.request(port: port, "GET", "/modbus/devices/boiler")
            #expect(missing.status == 404 && missing.body.contains("The plant has no device"))
            // Prometheus can alert on the alarm (First input reads 200, over its 100), and every
            // metric says what it counts.
            let metrics = try await RawHTTPConnection.request(port: port, "GET", "/metrics")
            #expect(metrics.body.contains(#"listor_modbus_alarm{device="bank-2",register="1"} 1"#), "\(metrics.body)")
            let lines = metrics.body.split(separator: "\n")
            for (index, line) in lines.enumerated() where line.hasPrefix("# TYPE ") {
                let name = line.dropFirst(7).split(separator: " ").first ?? ""
                #expect(index > 0 && lines[index - 1].hasPrefix("# HELP \(name) "), "\(name) has no # HELP line")
            }
        }
        await server.stop()
    }

    /// The plant's `alarm_mail` hears each alarm once, through the one outbox and sender: the
    /// bank's first input reads 200, over its alarm's 100.
    @Test func anAlarmIsMailedToWhomThePlantNames() async throws {
        guard await !PymodbusServer.isMissing(), !(await SMTPTestServer.isMissing()) else { return }
        let server = try await PymodbusServer.start(units: [2])
        let outcome = await Result {
            try await SMTPTestServer.with { smtp in
                let directory = try TemporaryDirectory()
                _ = try directory.write("inputs.json", Array(#"{"device": "Input bank", "registers": [{"name": "First input", "table": "input", "start": 1, "format": "UINT16", "alarm": {"high": 100}}]}"#.utf8))
                let plant = try directory.write("plant.json", Array("""
                    {"alarm_mail": ["ops@example.org"], "devices": [{"name": "bank-2", "device": "127.0.0.1:\(server.port)", "unit": 2, "map": "inputs.json", "interval": 0.2}]}
                    """.utf8))
                let options = ["--modbus-plant", plant, "--smtp-url", "smtp://127.0.0.1:\(smtp.port)?tls=none", "--smtp-from", "Plant <plant@example.org>",
                               "--reminder-interval", "1"]
                try await withServe(options) { _, _ in
                    let letters = try await smtp.waitForMessages(1)
                    #expect(letters.first?.to == ["ops@example.org"], "\(letters)")
                    #expect(letters.first?.subject == "bank-2: high alarm raised on First input (1): 200, above 100", "\(letters)")
                    #expect(letters.first?.body.contains("Input bank at 127.0.0.1:\(server.port), unit 2") == true)
                }
                #expect(try smtp.received().count == 1, "the alarm stays raised: one letter")
            }
        }
        await server.stop()
        try outcome.get()
    }

    @Test func aWrongPlantIsRefusedWithEveryProblem() async throws {
        let directory = try TemporaryDirectory()
        let plant = try directory.write("plant.json", Array("""
            {"devices": [
              {"name": "meter-1", "device": "127.0.0.1:5020", "unit": 300},
              {"name": "meter-1", "device": "127.0.0.1:5021", "map": "missing.json"}
            ]}
            """.utf8))
        let refused = await listor("serve", "--port", "0", "--data-dir", directory.url.path, "--modbus-plant", plant)
        #expect(refused.exitCode == 64)
        #expect(refused.errorOutput.contains("\(plant) is not a plant:"))
        #expect(refused.errorOutput.contains("item 0 (meter-1): unit: 300 is not a unit id over Modbus TCP, which run from 0 to 255"))
        #expect(refused.errorOutput.contains(#"item 1 (meter-1): name: "meter-1" is the name of item 0 too"#))

        let mapless = try directory.write("mapless.json", Array(#"{"devices": [{"name": "meter-1", "device": "127.0.0.1:5020", "map": "missing.json"}]}"#.utf8))
        let noMap = await listor("serve", "--port", "0", "--data-dir", directory.url.path, "--modbus-plant", mapless)
        #expect(noMap.exitCode == 64)
        #expect(noMap.errorOutput.contains(#"--modbus-plant: device "meter-1": map: cannot read \#(directory.url.path)/missing.json"#))
        let both = await listor("serve", "--modbus-plant", mapless, "--modbus-device", "127.0.0.1:5020")
        #expect(both.exitCode == 64 && both.errorOutput.contains("give it without --modbus-device and --modbus-map"))
    }
}
