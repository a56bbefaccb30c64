import Foundation
import ListorKit
import Synchronization
import Testing
@testable import ListorServer

/// `serve`'s threads for heavy work.
@Suite struct WorkThreadsTests {
    @Test func workRunsOnThePoolsThreadsAndItsResultComesBack() async throws {
        let (name, sum) = try await ResourceScope.with { scope in
            await WorkThreads.open(threads: 1, in: scope).run { (Thread.current.name ?? "", (1...100).reduce(0, +)) }
        }
        #expect(name.hasPrefix("TP-"), "a thread of NIOThreadPool's, not one of Swift's shared ones: \(name)")
        #expect(sum == 5050)
    }

    /// However many ask at once, no more pieces of work run together than there are threads.
    @Test func noMoreRunAtOnceThanThereAreThreads() async throws {
        let running = Counters()
        try await ResourceScope.with { scope in
            let work = WorkThreads.open(threads: 2, in: scope)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        await work.run {
                            running.enter()
                            defer { running.leave() }
                            _ = (0..<200_000).reduce(0, &+)
                        }
                    }
                }
            }
        }
        #expect(running.most <= 2)
        #expect(running.total == 16)
    }

    final class Counters: Sendable {
        private let state = Mutex((now: 0, most: 0, total: 0))
        var most: Int { state.withLock { $0.most } }
        var total: Int { state.withLock { $0.total } }
        func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.total += 1 } }
        func leave() { state.withLock { $0.now -= 1 } }
    }
}
