import Modbus
import Synchronization

/// One physical line: a serial port, or one TCP or RTU-over-TCP address, with every device on
/// it. Its requests go out one at a time from the line's own thread, batch after batch in the
/// order they were handed in, so two are never in flight on the line, whichever device they are
/// for. After the link breaks it is opened again with a backoff that doubles.
public final class ModbusLine: Sendable {
    public let link: ModbusLink
    public let configuration: ModbusClientConfiguration
    private let io: LinkIO
    private let thread: LinkThread

    public init(_ link: ModbusLink, configuration: ModbusClientConfiguration = .init()) {
        self.link = link
        self.configuration = configuration
        io = LinkIO(link: link, configuration: configuration)
        thread = LinkThread(name: "Modbus \(link.endpoint)")
    }

    deinit {
        let io = io
        thread.run { io.close() }
        thread.stop()
    }

    /// Sends `requests` to `unit` one after another on the line's thread, after the batches
    /// handed in before, and returns every outcome in order; once the link fails, or the unit
    /// does not answer, the rest fail with it unsent.
    /// A batch whose task is cancelled before its turn is not sent: each request fails as
    /// `.cancelled`. One under way runs to its end, as a frame cannot be taken back.
    func perform(_ requests: [ModbusRequest], unit: UInt8) async -> [Result<ModbusResponse, ModbusError>] {
        let io = io
        let cancelled = Cancellation()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                thread.run { continuation.resume(returning: cancelled.isSet ? requests.map { _ in .failure(.cancelled) } : io.run(requests, unit: unit)) }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Whether a batch's task was cancelled, told across threads.
    private final class Cancellation: Sendable {
        private let state = Mutex(false)
        var isSet: Bool { state.withLock { $0 } }
        func set() { state.withLock { $0 = true } }
    }

    /// Closes the link; the next request opens it again.
    public func close() async {
        let io = io
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            thread.run {
                io.close()
                continuation.resume()
            }
        }
    }
}
