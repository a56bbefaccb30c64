import Synchronization

/// How many times something was called, from any task.
public final class CallCounter: Sendable {
    private let state = Mutex(0)

    public init() {}

    public var value: Int { state.withLock { $0 } }

    public func add() { state.withLock { $0 += 1 } }
}
