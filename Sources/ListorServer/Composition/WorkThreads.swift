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

    static func with<T: Sendable>(threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2), _ body: (WorkThreads) async throws -> T) async throws -> T {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        let result: Result<T, any Error>
        do { result = .success(try await body(WorkThreads(pool: pool))) } catch { result = .failure(error) }
        try await pool.shutdownGracefully()
        return try result.get()
    }
}
