import Foundation
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
