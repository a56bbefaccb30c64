import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program a test runs (tmux, mbpoll, pymodbus's server, chromedriver), awaited without holding
/// one of Swift's cooperative threads. A machine with two cores has two of them: a test blocked
/// in `waitUntilExit` or a pipe read stalls every other test, and the servers under test with
/// them. Here the output is read on a thread of its own, the exit is awaited by `waitpid` on
/// another, and every wait has a deadline after which the test fails, naming the program and
/// showing what it printed.
///
/// Not Foundation's `Process`: it learns of an exit when a socket the child inherits closes, so
/// a program that leaves a daemon behind (tmux starting its server) never ends for it.
public final class ChildProcess: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Where the program's standard output (and error) goes.
    public enum Output: Sendable {
        /// Kept, for `start(_:_:readyWhen:)` and `exit(within:)`.
        case kept
        /// Thrown away: for a program that leaves a daemon holding its streams (tmux's server).
        case discarded
    }

    private struct Waiter {
        let isMet: @Sendable (State) -> Bool
        let continuation: CheckedContinuation<State, any Error>
    }

    struct State: Sendable {
        var output: [UInt8] = []
        var outputEnded = false
        var status: Int32?

        var text: String { String(decoding: output, as: UTF8.self) }
    }

    private let name: String
    private let pid: pid_t
    private let lock = NSLock()
    private var state = State()
    private var waiters: [UUID: Waiter] = [:]

    /// Starts `executable` with `arguments`, standard input from /dev/null.
    public init(_ executable: String, _ arguments: [String], output: Output = .kept) throws {
        name = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipe: [Int32] = [-1, -1]
        switch output {
        case .discarded:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            state.outputEnded = true
        case .kept:
            guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "pipe(): \(String(cString: strerror(errno)))") }
            // Close-on-exec, so that no other program started meanwhile holds it open (this one
            // gets its end through the dup2 below).
            _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        }
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test's: a socket that a test's server has closed stays open while
        // a program started meanwhile holds its copy, and the test's client never sees it close.
        Self.closeFrom(3, &actions)
        // The test's threads block most signals, and a child inherits the mask: a tmux server
        // that cannot see SIGCHLD never learns that its shell has ended.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var started: pid_t = 0
        let spawned = posix_spawn(&started, executable, &actions, &attributes, argv, environ)
        if pipe[1] >= 0 { close(pipe[1]) }
        guard spawned == 0 else {
            if pipe[0] >= 0 { close(pipe[0]) }
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        let pid = started
        self.pid = pid
        Thread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            // Exited: the code; killed by a signal: 128 plus the signal, as a shell reports it.
            let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            update { $0.status = code }
        }.start()
        if output == .kept {
            let descriptor = pipe[0]
            Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 16384)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    update { $0.output += buffer[..<count] }
                }
                close(descriptor)
                update { $0.outputEnded = true }
            }.start()
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not declare: the child closes every descriptor from `lowest` on.
    private static let closeFrom: @Sendable (Int32, inout posix_spawn_file_actions_t) -> Void = {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
            preconditionFailure("this glibc has no posix_spawn_file_actions_addclosefrom_np (it needs 2.34 or later)")
        }
        let add = unsafeBitCast(symbol, to: AddCloseFrom.self)
        return { lowest, actions in _ = add(&actions, lowest) }
    }()

    /// Starts a program that says when it is ready (a server printing its port, say) and
    /// returns it with what it printed until then. A start that fails for a reason a retry can
    /// cure (`isCurable` on what it printed; by default a port already in use, as when two
    /// programs pick the same free port at once) is tried again after a short pause, up to
    /// `attempts` times; a start that still fails names the program, how often it was tried,
    /// and what it printed the last time.
    public static func start(
        _ executable: String, _ arguments: [String], readyWhen isReady: @escaping @Sendable (String) -> Bool,
        within limit: Duration = .seconds(60), attempts: Int = 4,
        isCurable: (String) -> Bool = { $0.localizedCaseInsensitiveContains("address already in use") }
    ) async throws -> (process: ChildProcess, printed: String) {
        var attempt = 1
        while true {
            let process = try ChildProcess(executable, arguments)
            let reached: State
            do {
                reached = try await process.wait(within: limit, for: "the output that says it is ready") { state in
                    isReady(state.text) || (state.outputEnded && state.status != nil)
                }
            } catch {
                await process.kill()
                throw error
            }
            if isReady(reached.text) { return (process, reached.text) }
            guard attempt < attempts, isCurable(reached.text) else {
                let tries = attempt == 1 ? "once" : "\(attempt) times"
                throw Failure(description: "\(process.name) did not start (tried \(tries)); the last time it ended with status \(reached.status ?? -1) before it was ready, and printed: \(reached.text.suffix(2000))")
            }
            try await Task.sleep(for: .milliseconds(100 << attempt))
            attempt += 1
        }
    }

    /// The program's exit status and everything it printed, once it has ended.
    @discardableResult
    public func exit(within limit: Duration = .seconds(60)) async throws -> (status: Int32, output: String) {
        let ended = try await wait(within: limit, for: "its exit") { $0.status != nil && $0.outputEnded }
        return (ended.status ?? -1, ended.text)
    }

    /// How many bytes the program has printed, once that is more than `count` (or it has ended):
    /// for a test that waits for something to change rather than asking again and again.
    public func printed(moreThan count: Int, within limit: Duration) async throws -> Int {
        try await wait(within: limit, for: "more than \(count) bytes of output") { $0.output.count > count || $0.outputEnded }.output.count
    }

    /// Ends the program (SIGTERM, and SIGKILL if it has not ended within `grace`) and waits for it.
    public func stop(grace: Duration = .seconds(10)) async {
        guard isRunning else { return }
        Glibc.kill(pid, SIGTERM)
        if (try? await wait(within: grace, for: "its exit") { $0.status != nil }) == nil {
            Glibc.kill(pid, SIGKILL)
            _ = try? await wait(within: grace, for: "its exit after SIGKILL") { $0.status != nil }
        }
    }

    /// Ends the program at once (SIGKILL) and waits for it.
    public func kill() async {
        guard isRunning else { return }
        Glibc.kill(pid, SIGKILL)
        _ = try? await wait(within: .seconds(10), for: "its exit after SIGKILL") { $0.status != nil }
    }

    private var isRunning: Bool { lock.withLock { state.status == nil } }

    // MARK: Waiting

    private func update(_ change: (inout State) -> Void) {
        let (met, current): ([Waiter], State) = lock.withLock {
            change(&state)
            let met = waiters.filter { $0.value.isMet(state) }
            for id in met.keys { waiters[id] = nil }
            return (Array(met.values), state)
        }
        for waiter in met { waiter.continuation.resume(returning: current) }
    }

    private func wait(within limit: Duration, for what: String, until isMet: @escaping @Sendable (State) -> Bool) async throws -> State {
        let id = UUID()
        let name = name
        return try await withCheckedThrowingContinuation { continuation in
            let current: State? = lock.withLock {
                if isMet(state) { return state }
                waiters[id] = Waiter(isMet: isMet, continuation: continuation)
                return nil
            }
            if let current {
                continuation.resume(returning: current)
                return
            }
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                let expired: (Waiter, State)? = lock.withLock {
                    guard let waiter = waiters.removeValue(forKey: id) else { return nil }
                    return (waiter, state)
                }
                guard let (waiter, state) = expired else { return }
                waiter.continuation.resume(throwing: Failure(description: "\(name): no sign of \(what) within \(limit); it printed: \(state.text.suffix(2000))"))
            }
        }
    }
}
