import Foundation

/// Long CPU-bound test work on a thread of its own. Swift's cooperative pool has a thread per
/// core; a test that computes for minutes there leaves the servers other tests run in parallel
/// short of threads, and their timeouts fire late. On its own thread the work shares the cores
/// with them instead.
public enum OwnThread {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
