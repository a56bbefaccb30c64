import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ListorKit
import ListorTestSupport
import Modbus
import NIOCore
import NIOHTTP1
import Testing

/// The ModbusApp page, its JSON feed and its event stream, over a simulated meter the test polls.
@Suite struct ModbusWebTests {
    func withMeter(_ meter: SimulatedMeter, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: try await makeRouter(meter: meter)).test(.router, test)
    }

    func feed(_ response: TestResponse) throws -> [String: JSONValue] {
        guard case .object(let object) = try JSONParser.parse(response.text) else { throw ParseFailure(text: response.text) }
        return Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    struct ParseFailure: Error { let text: String }

    @Test func thePageIsTheSpreadsheetWithEveryVariable() async throws {
        let meter = try await SimulatedMeter()
        meter.setFlow(0.25)
        let snapshot = await meter.monitor.refresh()
        try await withMeter(meter) { client in
            let response = try await client.execute(uri: "/modbus/devices/meter", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<th scope="col" class="col-register_value">Register Value</th>"#))
            #expect(html.contains(#"<tr data-index="0"><th scope="row"><a href="/modbus/devices/meter/variables/1">1-2</a></th><td class="col-variable_name">Flow Rate</td><td class="col-real_value">0.25</td><td class="col-unit">m3/h</td>"#))
            #expect(html.contains(#"<td class="col-real_value">0.25</td>"#))
            #expect(html.matches(of: /<tr data-index=/).count == snapshot.rows.count)
            #expect(html.contains(#"<span id="connection-text">Connected</span>"#))
            #expect(html.contains(#"<p class="summary" id="summary" aria-live="polite">\#(snapshot.rows.count) variables</p>"#))
            #expect(html.contains(#"data-events="/modbus/devices/meter/events""#))
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains(#"<a href="/modbus"><h2>ModbusApp</h2>"#))
        }
    }

    @Test func aSearchHidesTheOtherRowsAndSaysWhenNothingMatches() async throws {
        let meter = try await SimulatedMeter()
        let snapshot = await meter.monitor.refresh()
        let matching = RegisterSheetViewModel(snapshot: snapshot, search: "temperature").rows.count
        #expect(matching > 1 && matching < snapshot.rows.count)
        try await withMeter(meter) { client in
            let html = try await client.execute(uri: "/modbus/devices/meter?search=temperature", method: .get).text
            #expect(html.matches(of: /<tr data-index="\d+"( class="stale" title="[^"]*")?>/).count == matching)
            #expect(html.matches(of: /<tr data-index="\d+" hidden>/).count == snapshot.rows.count - matching)
            #expect(html.contains(#"value="temperature""#))
            #expect(html.contains("\(matching) of \(snapshot.rows.count) variables"))
            #expect(html.contains(#"<p class="empty" id="empty" hidden></p>"#))

            let hostile = #""><script>alert(1)</script>"#
            let none = try await client.execute(uri: "/modbus/devices/meter?search=" + (hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""), method: .get).text
            #expect(!none.contains("<script>alert"))
            #expect(none.contains(#"value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;""#))
            #expect(none.contains(#"<p class="empty" id="empty">No search results</p>"#))
        }
    }

    @Test func aDeadLinkMarksTheRowsStaleAndSaysWhy() async throws {
        let meter = try await SimulatedMeter()
        meter.setFlow(0.5)
        await meter.monitor.refresh()
        meter.link.isDown = true
        await meter.monitor.refresh()
        try await withMeter(meter) { client in
            let html = try await client.execute(uri: "/modbus/devices/meter", method: .get).text
            #expect(html.contains(#"class="connection failed""#))
            #expect(html.contains("Cannot read the device: no response from meter:502 within 2 s"))
            // The last good value stays, marked.
            #expect(html.contains(#"<th scope="row"><a href="/modbus/devices/meter/variables/1">1-2</a><span class="stale-mark"> (stale)</span></th>"#))
            #expect(html.contains(#"<td class="col-real_value">0.5</td>"#))
            // The plant says the device is stale, since when and why, and keeps its last good values.
            let plant = try await client.execute(uri: "/modbus", method: .get).text
            #expect(plant.contains(#"<tr class="stale"><th scope="row"><a href="/modbus/devices/meter">meter</a><span class="address">Simulated TUF-2000M</span></th><td class="state stale">Stale since "#))
            #expect(plant.contains(": no response from meter:502 within 2 s</td>"))
            #expect(plant.contains(#"<span class="value">Flow Rate 0.5 m3/h</span>"#) == false, "a stale value is not shown as a reading")
            #expect(plant.contains("1 device, 1 stale"))

            let feed = try feed(try await client.execute(uri: "/api/modbus", method: .get))
            guard case .array(let rows) = feed["data"], case .object(let first) = rows.first else {
                Issue.record("no rows in the feed")
                return
            }
            #expect(first.members.first { $0.key == "stale" }?.value == .string("true"))
            #expect(first.members.first { $0.key == "real_value" }?.value == .string("0.5"))
            let typed = try self.feed(try await client.execute(uri: "/api/modbus?typed=1", method: .get))
            guard case .array(let typedRows) = typed["data"], case .object(let typedFirst) = typedRows.first else {
                Issue.record("no rows in the typed feed")
                return
            }
            #expect(typedFirst.members.first { $0.key == "stale" }?.value == .bool(true))
        }
    }

    @Test func theFeedIsTheSeedBackendsJSONAtBothAddresses() async throws {
        let meter = try await SimulatedMeter()
        meter.bank.update { $0.setHolding([63647, 15846], from: 0) }  // the seed's dump
        await meter.monitor.refresh()
        try await withMeter(meter) { client in
            let api = try await client.execute(uri: "/api/modbus", method: .get)
            #expect(api.headers[.contentType] == "application/json; charset=utf-8")
            let negotiated = try await client.execute(uri: "/modbus", method: .get, headers: [.accept: "application/json"])
            #expect(negotiated.headers[.contentType] == "application/json; charset=utf-8")
            #expect(negotiated.text == api.text)
            let browser = try await client.execute(uri: "/modbus", method: .get, headers: [.accept: "text/html,application/json;q=0.9"])
            #expect(browser.headers[.contentType] == "text/html; charset=utf-8")

            let feed = try feed(api)
            #expect(feed["header_key"] == .array(ModbusFeed.headerKeys.map(JSONValue.string)))
            guard case .array(let rows) = feed["data"], case .object(let first) = rows.first else {
                Issue.record("no rows in the feed")
                return
            }
            #expect(first.members.map(\.key) == ["register", "register_value", "unit", "variable_name", "real_value"])
            #expect(first.members.map(\.value) == [.string("1-2"), .string("63647-15846"), .string("m3/h"), .string("Flow Rate"), .string("0.112778895")])

            // The original app's model: every row a dictionary of strings.
            struct OriginalModbus: Decodable {
                let date: String
                let header_key: [String]
                let header_value: [String: String]
                let data: [[String: String]]
            }
            let decoded = try JSONDecoder().decode(OriginalModbus.self, from: Data(api.text.utf8))
            #expect(decoded.data.first?["real_value"] == "0.112778895")
            meter.link.isDown = true
            await meter.monitor.refresh()
            let stale = try await client.execute(uri: "/api/modbus", method: .get)
            #expect(try JSONDecoder().decode(OriginalModbus.self, from: Data(stale.text.utf8)).data.first?["stale"] == "true", "stale rows decode too")

            // Typed values for clients of this server's own.
            let typed = try self.feed(try await client.execute(uri: "/api/modbus?typed=1", method: .get))
            guard case .array(let typedRows) = typed["data"], case .object(let typedFirst) = typedRows.first else {
                Issue.record("no rows in the typed feed")
                return
            }
            #expect(typedFirst.members.first { $0.key == "value" }?.value == .number(0.112778895))
            #expect(try await client.execute(uri: "/api/modbus?typed=maybe", method: .get).status == .badRequest)
        }
    }

    @Test func theEventStreamSendsEachPollAndIsBounded() async throws {
        let meter = try await SimulatedMeter(maximumWatchers: 1)
        await meter.monitor.refresh()
        try await withLoopbackServer(try await makeRouter(meter: meter)) { base in
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base.absoluteString + "/modbus/events"), timeout: .seconds(10))
            #expect(response.status == .ok)
            #expect(response.headers.first(name: "content-type") == "text/event-stream; charset=utf-8")
            var events = EventReader(body: response.body.makeAsyncIterator())

            let first = try await events.next()
            #expect(first.name == "snapshot")
            #expect(first.data.contains(#"{"cells":["1-2","Flow Rate","#))

            // A second page while one follows the meter: refused, since the limit is one.
            let refused = try await HTTPClient.shared.execute(HTTPClientRequest(url: base.absoluteString + "/modbus/events"), timeout: .seconds(10))
            #expect(refused.status == .serviceUnavailable)

            meter.setFlow(42.5)
            await meter.monitor.refresh()
            let second = try await events.next()
            #expect(second.data.contains(#""Flow Rate","42.5","m3/h","0-16938"]"#))
        }
    }
}

/// Reads Server-Sent Events from a response body: `event:` and `data:` lines up to a blank line.
struct EventReader {
    var body: HTTPClientResponse.Body.AsyncIterator
    var pending = ""

    struct Event {
        var name = ""
        var data = ""
    }

    struct EndOfStream: Error {}

    mutating func next() async throws -> Event {
        while true {
            if let end = pending.range(of: "\n\n") {
                let block = pending[..<end.lowerBound]
                pending = String(pending[end.upperBound...])
                var event = Event()
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { event.data += line.dropFirst(6) }
                }
                if !event.name.isEmpty { return event }
                continue
            }
            guard let buffer = try await body.next() else { throw EndOfStream() }
            pending += String(buffer: buffer)
        }
    }
}
