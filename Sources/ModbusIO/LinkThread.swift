import Foundation

/// A thread of one link's own, which runs the jobs it is given one after another: a link's
/// requests wait for their answers here, in blocking system calls, as libmodbus's do, rather than
/// on an event loop that every answer has to pass through. Stops once `stop()` is called and the
/// jobs before it are done.
final class LinkThread: @unchecked Sendable {
    // `condition` guards `jobs`, `stopping` and `started`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var stopping = false
    private var started = false
    private let name: String

    init(name: String) {
        self.name = name
    }

    /// Runs `job` on the thread after the jobs before it; starts the thread the first time.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        if !started {
            started = true
            let thread = Thread { [self] in loop() }
            thread.name = name
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs given so far are done.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
