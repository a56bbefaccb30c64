import Foundation
import ListorCommandKit
import ListorKit
import NIOPosix

/// `serve`'s threads for heavy work (pages parsed for the reader, covers decoded and resized):
/// half the cores, at least one, so that however many visitors send pages or pictures at
/// once, no more than that many are worked on and Swift's shared threads keep answering every
/// other request. What waits for a thread waits in line.
struct WorkThreads: HeavyWork {
    let pool: NIOThreadPool

    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        // The pool refuses work only once it has stopped, as the server ends; then it is done here.
        (try? await pool.runIfActive(body)) ?? body()
    }

    /// Threads that stop when `scope` ends, after the work given them.
    static func open(threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2), in scope: ResourceScope) -> WorkThreads {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return scope.keep(WorkThreads(pool: pool)) { try await $0.pool.shutdownGracefully() }
    }
}
