import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ListorKit
import ListorTestSupport
import ListorWeb
import Modbus
import ModbusSQL
import Testing

/// A variable's write form: guarded by the CSRF check and the admin token, the value written in
/// the variable's format and read back, a bad value named beside its field, the device's refusal
/// by name, and every write in the audit log that the page and the API show.
@Suite struct ModbusWriteWebTests {
    func withWrites(adminToken: String? = "s3cret", _ test: @escaping @Sendable (any TestClientProtocol, SimulatedMeter) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite")).device("meter")
        try await store.describe(try RegisterMap.tuf2000m().variables)
        let meter = try await SimulatedMeter(writable: ["Flow Rate"])
        await meter.monitor.refresh()
        let device = ModbusWebModule.Device(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor,
                                            trends: VariableTrendViewModel(store: store, pollInterval: .seconds(1)),
                                            writer: VariableWriter(device: "meter", transport: meter.link, audit: store), audit: store)
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [ModbusWebModule(devices: [device], adminToken: adminToken, timeZone: TimeZone(identifier: "UTC")!)])
        try await Application(router: router).test(.router) { client in try await test(client, meter) }
        _ = directory
    }

    /// The page's CSRF cookie and token.
    func session(_ client: any TestClientProtocol, _ path: String) async throws -> (cookie: String, token: String, page: String) {
        let page = try await client.execute(uri: path, method: .get)
        let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        return (cookie, try #require(cookie.split(separator: "=").last.map(String.init)), String(buffer: page.body))
    }

    /// The form's answer, and the page a redirect leads to (a write done answers with one, so
    /// that a reload never writes again).
    func post(_ client: any TestClientProtocol, _ path: String, cookie: String, _ body: String) async throws -> (HTTPResponse.Status, String) {
        let response = try await client.execute(uri: path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie],
                                                body: ByteBuffer(string: body))
        guard response.status == .seeOther, let location = response.headers[.location] else { return (response.status, String(buffer: response.body)) }
        return (response.status, String(buffer: try await client.execute(uri: location, method: .get, headers: [.cookie: cookie]).body))
    }

    /// The flow rate's registers in the meter's bank.
    func flow(_ meter: SimulatedMeter) -> [UInt16]? {
        if case .success(.registers(let words)) = meter.bank.respond(to: .readHoldingRegisters(address: 0, count: 2)) { words } else { nil }
    }

    @Test func aValueIsWrittenReadBackAndKept() async throws {
        try await withWrites { client, meter in
            let page = "/modbus/devices/meter/variables/1"
            let (cookie, token, form) = try await session(client, page)
            #expect(form.contains(#"<form class="write-form" method="post" action="/modbus/devices/meter/variables/1-2/write">"#))
            #expect(form.contains("<legend>Write Flow Rate</legend>"))
            let action = "/modbus/devices/meter/variables/1-2/write"

            let (status, written) = try await post(client, action, cookie: cookie, "csrf=\(token)&value=12.5&admin_token=s3cret")
            #expect(status == .seeOther, "a reload of the page never writes again")
            #expect(written.contains(#"inputmode="decimal""#))
            #expect(written.contains("Wrote 12.5: it was "), "\(written)")
            #expect(written.contains("and reads back 12.5."))
            #expect(flow(meter) == [UInt16(Float(12.5).bitPattern & 0xFFFF), UInt16(Float(12.5).bitPattern >> 16)])
            #expect(written.contains("<h2 id=\"writes-heading\">Recent writes</h2>"))

            // A value the format cannot take: named beside its field, nothing sent.
            let (badStatus, bad) = try await post(client, action, cookie: cookie, "csrf=\(token)&value=fast&admin_token=s3cret")
            #expect(badStatus == .unprocessableContent)
            #expect(bad.contains(#"<span class="field-error" id="value-error">value 1: &quot;fast&quot; is not a number a float32 holds (REAL4), such as 1.5, -12.25 or NaN</span>"#), "\(bad)")
            #expect(bad.contains(#"value="fast""#), "what was typed is kept")
            // The wrong token, and a form without its CSRF token.
            let (tokenStatus, wrongToken) = try await post(client, action, cookie: cookie, "csrf=\(token)&value=3&admin_token=guess")
            #expect(tokenStatus == .unauthorized && wrongToken.contains("The admin token is not right."))
            #expect(try await post(client, action, cookie: cookie, "value=3&admin_token=s3cret").0 == .forbidden)
            #expect(flow(meter) == [UInt16(Float(12.5).bitPattern & 0xFFFF), UInt16(Float(12.5).bitPattern >> 16)])

            // The device refusing: an address the bank does not have.
            meter.link.isDown = true
            let (downStatus, down) = try await post(client, action, cookie: cookie, "csrf=\(token)&value=1&admin_token=s3cret")
            meter.link.isDown = false
            #expect(downStatus == .seeOther && down.contains("The write of 1 failed: no response from meter:502 within 2 s."), "\(down)")
            // A page's address cannot claim a write this server did not sign.
            let forged = String(buffer: try await client.execute(uri: page + "?written=ok%3AWrote%20999", method: .get).body)
            #expect(!forged.contains("Wrote 999"))

            let api = try await client.execute(uri: "/api/modbus/devices/meter/writes", method: .get)
            let json = try JSONParser.parse(Array(api.body.readableBytesView))
            guard case .array(let writes)? = json["writes"] else {
                Issue.record("no writes in \(String(buffer: api.body))")
                return
            }
            #expect(writes.count == 2, "the refused value and the wrong token sent nothing, so they are not writes")
            #expect(writes.first?["answer"] == .string("no response from meter:502 within 2 s") && writes.first?["succeeded"] == .bool(false))
            #expect(writes.last?["requested"] == .string("12.5") && writes.last?["read_back"] == .string("12.5") && writes.last?["register"] == .string("1-2"))
        }
    }

    /// The write API: the admin token as a bearer token, the variable by register, the write
    /// as the audit log keeps it; each refusal by its status, nothing sent.
    @Test func theAPIWritesWithTheAdminToken() async throws {
        try await withWrites { client, meter in
            func send(_ body: String, token: String? = "s3cret") async throws -> (HTTPResponse.Status, JSONValue?) {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let token { headers[.authorization] = "Bearer \(token)" }
                let response = try await client.execute(uri: "/api/modbus/devices/meter/writes", method: .post, headers: headers, body: ByteBuffer(string: body))
                return (response.status, try? JSONParser.parse(Array(response.body.readableBytesView)))
            }
            let (status, record) = try await send(#"{"register": "1-2", "value": 7.25}"#)
            #expect(status == .created && record?["read_back"] == .string("7.25") && record?["who"]?.stringValue?.hasPrefix("admin token") == true, "\(String(describing: record))")
            #expect(flow(meter) == [UInt16(Float(7.25).bitPattern & 0xFFFF), UInt16(Float(7.25).bitPattern >> 16)])
            #expect(try await send(#"{"register": "1-2", "value": 8}"#, token: nil).0 == .unauthorized)
            #expect(try await send(#"{"register": "1-2", "value": 8}"#, token: "guess").0 == .unauthorized)
            let (notWritable, refusal) = try await send(#"{"register": "33", "value": 20}"#)
            #expect(notWritable == .forbidden && refusal?["error"]?.stringValue?.contains("is not writable") == true, "\(String(describing: refusal))")
            let (badValue, fields) = try await send(#"{"register": "1-2", "value": "fast"}"#)
            #expect(badValue == .badRequest && fields?["fields"]?["value"] != nil, "\(String(describing: fields))")
            #expect(try await send(#"{"register": "1-2", "valeu": 1}"#).0 == .badRequest)
            #expect(try await send(#"{"register": "999", "value": 1}"#).0 == .notFound)
            #expect(flow(meter) == [UInt16(Float(7.25).bitPattern & 0xFFFF), UInt16(Float(7.25).bitPattern >> 16)], "no refusal sent anything")
            meter.link.isDown = true
            let (down, failed) = try await send(#"{"register": "1-2", "value": 1}"#)
            meter.link.isDown = false
            #expect(down == .badGateway && failed?["succeeded"] == .bool(false))
        }
    }

    /// Only what the map marks writable takes a write: a measured temperature in a holding
    /// register has no form, and a write sent to it anyway is refused before the wire.
    @Test func aMeasurementTakesNoWrite() async throws {
        try await withWrites { client, meter in
            let (cookie, token, setting) = try await session(client, "/modbus/devices/meter/variables/61")
            #expect(setting.contains("<legend>Write LCD Back-lit lights for number of seconds</legend>"), "the meter's own settings are writable")
            let page = String(buffer: try await client.execute(uri: "/modbus/devices/meter/variables/33", method: .get, headers: [.cookie: cookie]).body)
            #expect(page.contains("Temperature #1/inlet") && !page.contains("<form class=\"write-form\""))
            let before = meter.bank.respond(to: .readHoldingRegisters(address: 32, count: 2))
            let (status, body) = try await post(client, "/modbus/devices/meter/variables/33-34/write", cookie: cookie, "csrf=\(token)&value=20&admin_token=s3cret")
            #expect(status.code >= 400 && body.contains("is not writable"), "\(status): \(body)")
            #expect(meter.bank.respond(to: .readHoldingRegisters(address: 32, count: 2)) == before)
        }
    }

    @Test func withoutATokenThePagesTakeNoWrites() async throws {
        try await withWrites(adminToken: nil) { client, _ in
            let page = String(buffer: try await client.execute(uri: "/modbus/devices/meter/variables/1", method: .get).body)
            #expect(!page.contains("<form class=\"write-form\""))
            #expect(page.contains("This server takes no writes from its pages"))
            #expect(try await post(client, "/modbus/devices/meter/variables/1-2/write", cookie: "", "value=3&admin_token=x").0 == .forbidden)
        }
    }
}
