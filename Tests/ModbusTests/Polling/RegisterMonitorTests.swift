import Foundation
import Synchronization
import Testing
@testable import Modbus

@Suite struct RegisterMonitorTests {
    func monitor(maximumWatchers: Int = 100) async throws -> RegisterMonitor {
        let map = try RegisterMap.tuf2000m()
        let poller = RegisterPoller(map: map, transport: RegisterPollerTests().device(for: ReadPlan(map)))
        return await RegisterMonitor(poller: poller, interval: .milliseconds(5), maximumWatchers: maximumWatchers)
    }

    @Test func aWatcherGetsTheCurrentSnapshotThenEveryPoll() async throws {
        let monitor = try await monitor()
        let updates = try #require(await monitor.updates())
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next()?.connection == .connecting)
        await monitor.refresh()
        let polled = await iterator.next()
        #expect(polled?.connection == .connected)
        #expect(polled?.rows.first?.realValue == "0.112778895")
        #expect(await monitor.snapshot == polled)
    }

    @Test func watchersAreBoundedAndTheirStreamsEndWhenTheMonitorStops() async throws {
        let monitor = try await monitor(maximumWatchers: 2)
        let first = try #require(await monitor.updates())
        let second = try #require(await monitor.updates())
        #expect(await monitor.updates() == nil)

        let running = Task { await monitor.run() }
        var iterator = first.makeAsyncIterator()
        _ = await iterator.next()
        #expect(await iterator.next()?.connection == .connected)
        running.cancel()
        await running.value

        while await iterator.next() != nil {}
        var seen = 0
        for await _ in second { seen += 1 }
        #expect(seen >= 1)
        #expect(await monitor.watcherCount == 0)

        // After the end, a new watcher gets the last snapshot and nothing more.
        let late = try #require(await monitor.updates())
        var lateSnapshots: [ModbusSnapshot] = []
        for await snapshot in late { lateSnapshots.append(snapshot) }
        #expect(lateSnapshots.map(\.connection) == [.connected])
    }

    @Test func theWatcherCountIsToldAtEachChange() async throws {
        let monitor = try await monitor()
        var counts = await monitor.watcherCounts().makeAsyncIterator()
        #expect(await counts.next() == 0)
        do {
            let page = try #require(await monitor.updates())
            #expect(await counts.next() == 1)
            withExtendedLifetime(page) {}
        }
        // The page has left: its stream is dropped and the count goes back down.
        #expect(await counts.next() == 0)

        let running = Task { await monitor.run() }
        running.cancel()
        await running.value
        var last: [Int] = []
        while let count = await counts.next() { last.append(count) }
        #expect(last == [0], "the counts end with the monitor")
    }
}

/// What a technician reads in the log after an outage: one line when the device stops
/// answering, with why, one when it answers again, with how long it was away.
@Suite struct RegisterMonitorLogTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        let clock = Mutex(Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test func theDeviceGoneAndBackIsLoggedOnceEach() async throws {
        let map = try RegisterMap.tuf2000m()
        let plan = ReadPlan(map)
        let device = RegisterPollerTests().device(for: plan)
        let log = Lines()
        let monitor = await RegisterMonitor(poller: RegisterPoller(map: map, transport: device), interval: .seconds(1),
                                            now: { log.clock.withLock { $0 } }, report: { line in log.lines.withLock { $0.append(line) } })
        await monitor.refresh()
        #expect(log.lines.withLock { $0 }.isEmpty, "a device that answers is nothing to log")
        for read in plan.reads { device.answer(read.request, with: .failure(.responseTimeout(endpoint: "meter:502", seconds: 2))) }
        for _ in 0..<5 {
            await monitor.refresh()
            log.clock.withLock { $0 += 30 }
        }
        let down = log.lines.withLock { $0 }
        #expect(down.count == 1, "one line, not one a failed poll: \(down)")
        #expect(down.first?.contains("stopped answering") == true)
        for read in plan.reads { device.answer(read.request, with: .success(.registers(Array(RegisterPollerTests.dump[Int(read.address)..<Int(read.address) + read.count])))) }
        await monitor.refresh()
        await monitor.refresh()
        let lines = log.lines.withLock { $0 }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.last?.hasSuffix("answers again, after 2 min 30 s") == true, "\(lines)")
    }
}
