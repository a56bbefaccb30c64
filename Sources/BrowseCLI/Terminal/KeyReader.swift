import Foundation
import ListorCommandKit
import Synchronization
import UnixSignals

/// Keys from standard input, read on a thread of their own so that Ctrl-C can cancel a page
/// while it loads: the reader cancels the task registered as the current load, or, when
/// nothing is loading, passes Ctrl-C on as a key. A change of the terminal's size comes
/// among the keys, as `.resize`.
final class KeyReader: Sendable {
    let keys: AsyncStream<Key>
    private let continuation: AsyncStream<Key>.Continuation
    private let loading = Mutex<(@Sendable () -> Void)?>(nil)
    private let resizes: Task<Void, Never>

    init() {
        let (keys, continuation) = AsyncStream.makeStream(of: Key.self)
        (self.keys, self.continuation) = (keys, continuation)
        resizes = Task {
            for await _ in await UnixSignalsSequence(trapping: .sigwinch) { continuation.yield(.resize) }
        }
        let thread = Thread { [self] in readKeys() }
        thread.start()
    }

    deinit {
        resizes.cancel()
    }

    /// Reads until standard input ends; the thread then ends the stream of keys.
    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for key in Key.parse(Array(buffer[0..<count])) {
                if key == .interrupt, let cancel = loading.withLock({ $0 }) {
                    cancel()
                } else {
                    continuation.yield(key)
                }
            }
        }
        continuation.finish()
    }

    /// Runs `action` as a task that Ctrl-C cancels.
    func cancellable<T: Sendable>(_ action: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await action() }
        loading.withLock { $0 = { task.cancel() } }
        defer { loading.withLock { $0 = nil } }
        return try await task.value
    }
}
