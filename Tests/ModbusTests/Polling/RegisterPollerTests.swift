import Foundation
import ListorKit
import Synchronization
import Testing
@testable import Modbus

/// A device that answers only what a test set up; any other request fails the test.
final class ScriptedDevice: ModbusTransport {
    private let answers = Mutex<[ModbusRequest: Result<ModbusResponse, ModbusError>]>([:])

    func answer(_ request: ModbusRequest, with result: Result<ModbusResponse, ModbusError>) {
        answers.withLock { $0[request] = result }
    }

    func send(_ request: ModbusRequest) async throws -> ModbusResponse {
        guard let result = answers.withLock({ $0[request] }) else {
            Issue.record("ScriptedDevice: no answer set up for \(request)")
            throw ModbusError.malformed("no answer set up for \(request)")
        }
        return try result.get()
    }
}

/// A clock the test moves.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_533_269_160))  // 2018-08-03 04:06 UTC, the seed's dump
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}

@Suite struct RegisterPollerTests {
    /// Registers 1–100 of the seed's dump (feed.txt).
    static let dump: [UInt16] = [
        63647, 15846, 37438, 47954, 19407, 15737, 8874, 17584, 23, 0, 13971, 16225, 0, 0, 0, 0, 1989, 0, 57587, 16174,
        64432, 65535, 8497, 48788, 0, 0, 0, 0, 3093, 0, 59025, 16248, 14744, 16690, 41664, 16783, 29184, 15772, 51200, 15729,
        10922, 49087, 40960, 15476, 48128, 15419, 14592, 15502, 0, 0, 0, 0, 9267, 775, 6152, 0, 0, 0, 0, 255,
        120, 0, 0, 0, 0, 4000, 62500, 0, 0, 3, 4, 0, 469, 16800, 33183, 15780, 44638, 17104, 65427, 17109,
        52255, 16955, 12000, 16378, 52233, 16955, 52268, 16955, 374, 16512, 0, 829, 3475, 3477, 0, 1, 25478, 17097, 12816, 17503,
    ]

    func device(for plan: ReadPlan) -> ScriptedDevice {
        let device = ScriptedDevice()
        for read in plan.reads {
            let start = Int(read.address)
            device.answer(read.request, with: .success(.registers(Array(Self.dump[start..<start + read.count]))))
        }
        return device
    }

    /// A flow of 1234.5678 m³/h is served as the float holds it, or with the decimals the map
    /// asks for; never as the 1235 a four-digit panel would show.
    @Test func aReal4IsServedExactlyOrWithTheMapsDecimals() async throws {
        let (map, problems) = try RegisterMap.decode(Data("""
            {"device": "meter", "registers": [
              {"start": 1, "name": "Flow", "unit": "m3/h", "format": "REAL4"},
              {"start": 3, "name": "Flow shown", "unit": "m3/h", "format": "REAL4", "decimals": 3},
              {"start": 5, "name": "Bad", "format": "REAL4", "decimals": 11}
            ]}
            """.utf8))
        #expect(problems.map(\.description) == ["item 2 (Bad): decimals: must be 0 to 10, not 11"])
        let bits = Float(1234.5678).bitPattern
        let words = [UInt16(bits & 0xFFFF), UInt16(bits >> 16)]
        let device = ScriptedDevice()
        device.answer(.readHoldingRegisters(address: 0, count: 4), with: .success(.registers(words + words)))
        let snapshot = await RegisterPoller(map: map, transport: device).poll()
        #expect(snapshot.rows.map(\.realValue) == ["1234.5677", "1234.568"])
        let feed = ModbusFeed.json(snapshot, typed: true).serialized(pretty: false)
        #expect(feed.contains(#""real_value":"1234.5677","value":1234.5677}"#))
        #expect(feed.contains(#""real_value":"1234.568","value":1234.5677}"#))
        #expect(!feed.contains("1235"))
    }

    @Test func aPollFillsTheSeedsFeedWithEveryValueComputed() async throws {
        let map = try RegisterMap.tuf2000m()
        let clock = TestClock()
        let poller = RegisterPoller(map: map, transport: device(for: ReadPlan(map)), now: { clock.now })
        let snapshot = await poller.poll()
        #expect(snapshot.connection == .connected)
        func row(_ register: String) -> ModbusRow? { snapshot.rows.first { $0.register == register } }
        #expect(row("1-2") == ModbusRow(register: "1-2", variableName: "Flow Rate", unit: "m3/h", registerValue: "63647-15846", realValue: "0.112778895", number: 0.112778895))
        #expect(row("21-22")?.realValue == "-1104")
        #expect(row("53-54-55")?.registerValue == "9267-775-6152")
        #expect(row("53-54-55")?.realValue == "2018-08-03 07:24:33", "the calendar as a date and time: the seed dump was taken at 07:24 on its own clock")
        #expect(row("92")?.realValue == "61")
        #expect(row("72")?.realValue == "0000000000000000")
        #expect(snapshot.rows.allSatisfy { !$0.realValue.isEmpty && $0.stale == nil })

        let feed = ModbusFeed.json(snapshot, timeZone: TimeZone(identifier: "UTC")!).serialized(pretty: false)
        #expect(feed.hasPrefix(#"{"date":"2018-08-03 04:06","header_key":["register","variable_name","unit","register_value","real_value"],"header_value":{"register":"Register","variable_name":"Variable Name","unit":"Unit","register_value":"Register Value","real_value":"Real Value"},"data":[{"register":"1-2","register_value":"63647-15846","unit":"m3/h","variable_name":"Flow Rate","real_value":"0.112778895"},"#))
    }

    @Test func aFailedReadKeepsTheLastGoodValuesMarkedStale() async throws {
        let map = try RegisterMap.tuf2000m()
        let plan = ReadPlan(map)
        let clock = TestClock()
        let device = device(for: plan)
        let poller = RegisterPoller(map: map, transport: device, now: { clock.now })
        await poller.poll()

        let failing = try #require(plan.reads.last)
        device.answer(failing.request, with: .failure(.responseTimeout(endpoint: "meter:502", seconds: 1)))
        clock.advance(60)
        var snapshot = await poller.poll()
        #expect(snapshot.connection == .failed("no response from meter:502 within 1 s"))
        let reynolds = try #require(snapshot.rows.last)
        #expect(reynolds.realValue == "892.7822")
        #expect(reynolds.stale == ModbusRow.Staleness(error: "no response from meter:502 within 1 s", since: clock.now))
        #expect(snapshot.rows.first?.stale == nil)
        let feed = ModbusFeed.json(snapshot, timeZone: TimeZone(identifier: "UTC")!).serialized(pretty: false)
        #expect(feed.contains(#""real_value":"892.7822","stale":"true","error":"no response from meter:502 within 1 s","error_date":"2018-08-03 04:07"}"#))

        let failedAt = clock.now
        clock.advance(60)
        snapshot = await poller.poll()
        #expect(snapshot.rows.last?.stale?.since == failedAt, "stale since the first failure")

        let start = Int(failing.address)
        device.answer(failing.request, with: .success(.registers(Array(Self.dump[start..<start + failing.count]))))
        snapshot = await poller.poll()
        #expect(snapshot.connection == .connected)
        #expect(snapshot.rows.allSatisfy { $0.stale == nil })
    }

    @Test func aDeadLinkEndsThePollAtItsFirstReadButAnExceptionDoesNot() async throws {
        let map = try RegisterMap.tuf2000m()
        let plan = ReadPlan(map)
        let refused = ModbusError.connectFailed(endpoint: "meter:502", reason: "connection refused")
        // Only the first read is answered: a second request would fail the test.
        let dead = ScriptedDevice()
        dead.answer(plan.reads[0].request, with: .failure(refused))
        let snapshot = await RegisterPoller(map: map, transport: dead).poll()
        #expect(snapshot.connection == .failed(refused.description))
        #expect(snapshot.rows.allSatisfy { $0.stale?.error == refused.description })

        let device = device(for: plan)
        device.answer(plan.reads[0].request, with: .failure(.exception(.illegalDataAddress, function: .readHoldingRegisters)))
        let partly = await RegisterPoller(map: map, transport: device).poll()
        #expect(partly.rows.filter { $0.stale != nil }.count == plan.reads[0].variables.count)
    }
}
