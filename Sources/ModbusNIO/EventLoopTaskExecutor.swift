import NIOCore
import NIOPosix

/// One event loop as a Swift executor: the client actor's serial executor, and a task executor
/// for its callers. With `withTaskExecutorPreference(client.taskExecutor)`, a caller shares the
/// client's thread, and a request costs no thread switch.
public final class EventLoopTaskExecutor: SerialExecutor, TaskExecutor, Sendable {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor()) }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func checkIsolated() {
        eventLoop.preconditionInEventLoop()
    }
}
