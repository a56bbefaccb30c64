import Foundation
import ListorKit
import Modbus
import Synchronization
import Testing

/// A store that fails its writes while `failing` is set: a full disk that is then cleared.
final class FlakyTrendStore: TrendStore {
    let failing = Mutex(true)
    let recorded = Mutex<[[TrendSample]]>([])

    func describe(_ variables: [RegisterVariable]) async throws {}
    func recordConnection(downSince: Date?, reason: String?) async throws {}
    func record(_ samples: [TrendSample]) async throws {
        if failing.withLock({ $0 }) { throw TrendStoreError("cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full") }
        recorded.withLock { $0.append(samples) }
    }
    func points(variable: String, from: Date, to: Date, step: Int?) async throws -> [TrendPoint] {
        Issue.record("FlakyTrendStore: points(variable:) is not set up")
        return []
    }
    func thin(now: Date) async throws {}
    func variables() async throws -> [TrendVariable] {
        Issue.record("FlakyTrendStore: variables() is not set up")
        return []
    }
    func record(alarms: [AlarmEvent], mail: [OutgoingMail]) async throws {
        if failing.withLock({ $0 }) { throw TrendStoreError("cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full") }
    }
    func alarms(from: Date, to: Date, limit: Int) async throws -> [AlarmEvent] {
        Issue.record("FlakyTrendStore: alarms(from:to:limit:) is not set up")
        return []
    }
    func lastSample() async throws -> Date? {
        Issue.record("FlakyTrendStore: lastSample() is not set up")
        return nil
    }
}

@Suite struct TrendRecorderTests {
    /// A write that fails is reported and kept, and polling goes on; once writes work again the
    /// problem goes, and each poll is one write with every variable, stale ones without a value.
    @Test func aFailedWriteNeverStopsPolling() async throws {
        let map = try RegisterMap.tuf2000m()
        let plan = ReadPlan(map)
        let device = ScriptedDevice()
        for read in plan.reads {
            let start = Int(read.address)
            device.answer(read.request, with: .success(.registers(Array(RegisterPollerTests.dump[start..<start + read.count]))))
        }
        let clock = TestClock()
        let store = FlakyTrendStore()
        let reports = Mutex<[String]>([])
        let recorder = TrendRecorder(store: store, map: map, now: { clock.now }, report: { message in reports.withLock { $0.append(message) } })
        let poller = RegisterPoller(map: map, transport: device, now: { clock.now })
        let monitor = await RegisterMonitor(poller: poller, interval: .seconds(1), recorder: recorder)

        let first = await monitor.refresh()
        await recorder.write(first)
        #expect(first.connection == .connected, "the poll itself went through")
        #expect(await recorder.problem?.message == "cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full")
        #expect(await recorder.written == 0)

        store.failing.withLock { $0 = false }
        let failing = try #require(plan.reads.last)
        device.answer(failing.request, with: .failure(.responseTimeout(endpoint: "meter:502", seconds: 1)))
        clock.advance(1)
        let second = await monitor.refresh()
        await recorder.write(second)
        #expect(await recorder.problem == nil)
        #expect(await recorder.written == 1)
        let samples = try #require(store.recorded.withLock { $0.first })
        #expect(samples.count == map.variables.count)
        #expect(samples.first == TrendSample(variable: "1-2", time: clock.now, value: 0.112778895))
        #expect(samples.last == TrendSample(variable: "99-100", time: clock.now, value: nil), "a stale row is a gap")
        #expect(reports.withLock { $0 } == [
            "cannot write the Modbus history: cannot write the Modbus history at /data/modbus-history.sqlite: database or disk is full; polling goes on",
            "the Modbus history is written again",
        ])
    }
}
